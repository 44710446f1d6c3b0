"""In-process cost of a table's hot path, through the whole middleware chain.

    DATABASE_URL=postgres://… DJANGO_DEBUG=0 python scripts/bench_tables.py --deals 4
    (--profile KIND: cProfile's top functions for one kind)

Creates a throwaway test database (Django's test database for ``DATABASE_URL``); four
people (pt, es, ro, fr) sit at a Coinche table and play ``--deals`` whole deals through
Django's test client, as the page's forms post them. After each move, what the live channel
does in one server process is run too: the table's topic read afresh (tutor/push.py) and
each of the four seats' screens drawn at the new version (their event streams). Prints the
mean CPU milliseconds and database queries of each kind: a move's POST, the topic's read,
a stream's render. Where ``load_tables.py`` measures what a crowded server gives, this
measures what each step costs, so a change's effect shows even on a busy machine.
"""

import argparse
import cProfile
import os
import pstats
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECRET_KEY", "bench-tables-" + "x" * 40)
# The test client's host; no setup_test_environment(): its instrumented template rendering
# would be measured too.
os.environ["ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import translation  # noqa: E402

from tutor import push  # noqa: E402
from tutor.tables import state, views  # noqa: E402
from tutor.tables.models import Table  # noqa: E402

KINDS = ("move", "topic read", "stream render")
SEATS = {"N": "pt", "E": "es", "S": "ro", "W": "fr"}
AT = re.compile(r'name="at" value="(\d+)"')
CALL = re.compile(r'name="call" value="([^"]+)" data-call=')
CARD = re.compile(r'name="card" value="(\w\w)" data-card=')


class Meter:
    def __init__(self, profile_kind):
        self.totals = {kind: [0.0, 0, 0] for kind in KINDS}
        self.profile_kind = profile_kind
        self.profiles = []

    def __call__(self, kind, call):
        profiler = cProfile.Profile() if kind == self.profile_kind else None
        with CaptureQueriesContext(connection) as queries:
            if profiler:
                profiler.enable()
            started = time.process_time()
            result = call()
            spent = time.process_time() - started
            if profiler:
                profiler.disable()
                self.profiles.append(profiler)
        total = self.totals[kind]
        total[0] += spent
        total[1] += 1
        total[2] += len(queries)
        return result

    def report(self):
        if self.profiles:
            pstats.Stats(*self.profiles).sort_stats(
                os.environ.get("BENCH_SORT", "tottime")
            ).print_stats(int(os.environ.get("BENCH_ROWS", "30")))
        for kind, (seconds, count, queries) in self.totals.items():
            if count:
                print(
                    f"{kind:<14} {count:>5}  {seconds / count * 1000:6.2f} ms CPU each"
                    f"  {queries / count:5.1f} queries each"
                )


def screen(client: Client, table: Table) -> views.SeatScreen:
    """A seat's event stream as a server process holds it: the stream's request (its cookies,
    session and language) and the screen drawn for it."""
    request = RequestFactory().get("/")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    request.session = SessionStore(session_key=client.session.session_key)
    request.user = AnonymousUser()
    with translation.override(SEATS[views._seat(request, table).seat]):
        return views.SeatScreen(request, table, views._seat(request, table), None)


def play_deal(meter: Meter) -> None:
    handler = Client().handler
    clients = {}
    for seat in SEATS:
        clients[seat] = Client()
        clients[seat].handler = handler
    creator = clients["N"]
    response = creator.post(
        "/en/tables/", {"game": "coinche", "profile": "federation", "clock": "", "away_after": ""}
    )
    token = response["Location"].rstrip("/").split("/")[-1]
    for seat, lang in SEATS.items():
        clients[seat].get(f"/{lang}/tables/{token}/")
        form = {"seat": seat, "nickname": f"P{seat}", "lang": lang}
        assert clients[seat].post(f"/{lang}/tables/{token}/sit/", form).status_code == 302
    creator.post(f"/pt/tables/{token}/start/")
    table = Table.objects.get(token=token)
    screens = {seat: screen(clients[seat], table) for seat in SEATS}
    topic = state.topic(table)
    htmx = {"HTTP_HX_REQUEST": "true"}
    bid = True
    pages = {}
    while True:
        version, _wake = meter("topic read", lambda: push._refresh(topic, True))
        for seat, shown in screens.items():
            events = meter("stream render", lambda s=shown, v=version: s.render(v))
            if events:
                pages[seat] = events[0].data
        if any('data-phase="done"' in p or 'data-phase="redeal"' in p for p in pages.values()):
            return
        seat = next(s for s, p in pages.items() if f'data-turn="{s}"' in p)
        page = pages[seat]
        calls, cards = CALL.findall(page), CARD.findall(page)
        at = AT.search(page).group(1)
        if calls:
            # The first to speak bids the lowest contract; everyone else passes.
            call = next((c for c in calls if c[0].isdigit()), "pass") if bid else "pass"
            tries = [{"call": call}]
            bid = False
        else:
            # The hand's cards in turn until one is legal (a refusal is a move's POST too).
            tries = [{"card": card} for card in cards]
        url = f"/{SEATS[seat]}/tables/{token}/move/"
        for form in tries:
            posted = {**form, "at": at}
            client = clients[seat]
            response = meter("move", lambda c=client, u=url, f=posted: c.post(u, f, **htmx))
            assert response.status_code == 200, (response.status_code, form)
            if b"data-refusal" not in response.content:
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--profile", choices=KINDS)
    args = parser.parse_args()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        meter = Meter(args.profile)
        for _deal in range(args.deals):
            play_deal(meter)
        meter.report()
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
