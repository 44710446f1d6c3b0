"""In-process cost of a club session's hot requests, through the whole middleware chain.

    DATABASE_URL=postgres://… DJANGO_DEBUG=0 python scripts/bench_club.py --players 200
    (--profile KIND: cProfile's top functions for one kind of request)

Creates a throwaway test database (Django's test database for ``DATABASE_URL``), runs a
session with ``--players`` phones through Django's test client and prints the mean CPU
milliseconds of each kind of request: the join page and the join, the first poll of a phase
(it renders), an unchanged poll (304), an answer, the teacher's poll; and of what the live
channel does per phone at a phase change (its stream's render: tutor/push.py, one batch per
process) and per presenter each second. ``--profile KIND``
prints cProfile's top functions for that kind instead. Where ``load_club.py`` measures what a
server under load gives, this measures what each request costs, so a change's effect shows
even on a busy machine.
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
os.environ.setdefault("SECRET_KEY", "bench-club-" + "x" * 40)
# The test client's host; no setup_test_environment(): its instrumented template rendering
# would be measured too.
os.environ["ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402

from tutor import push  # noqa: E402
from tutor.club import codes, host, live, play, state  # noqa: E402
from tutor.club.models import ClubSession  # noqa: E402

KINDS = (
    "join page",
    "join",
    "poll renders",
    "poll 304",
    "answer",
    "teacher poll",
    "stream render",
    "presenter tick",
)


class Meter:
    def __init__(self, profile_kind):
        self.totals = {kind: [0.0, 0] for kind in KINDS}
        self.profile_kind = profile_kind
        self.profiles = []

    def __call__(self, kind, call):
        """Runs ``call``; ``kind`` names it, or is a function of the response that does."""
        profiler = cProfile.Profile() if self.profile_kind else None
        if profiler:
            profiler.enable()
        started = time.process_time()
        response = call()
        spent = time.process_time() - started
        if profiler:
            profiler.disable()
        if callable(kind):
            kind = kind(response)
        self.totals[kind][0] += spent
        self.totals[kind][1] += 1
        if kind == self.profile_kind:
            self.profiles.append(profiler)
        return response

    def report(self):
        if self.profile_kind:
            pstats.Stats(*self.profiles).sort_stats(
                os.environ.get("BENCH_SORT", "tottime")
            ).print_stats(int(os.environ.get("BENCH_ROWS", "30")))
        for kind, (seconds, count) in self.totals.items():
            if count:
                print(f"{kind:<14} {count:>5}  {seconds / count * 1000:6.2f} ms CPU each")


def answer_for(page):
    choices = re.findall(r'name="choice" value="([^"]+)"', page)
    if choices:
        return {"choice": choices[0]}
    cards = re.findall(r'name="card" value="([^"]+)"', page)
    if cards:
        return {"card": cards[:1]}
    calls = re.findall(r'name="call" value="([^"]+)"', page)
    if calls:
        return {"call": calls[0]}
    sides = re.findall(r'name="(score_[^"]+)"', page)
    if sides:
        return {side: "80" for side in sides}
    return {"number": "3"}


def kind_of_poll(response):
    return "poll 304" if response.status_code == 304 else "poll renders"


def run(players, meter):
    teacher = Client()
    teacher.post(
        "/en/club/",
        # Every phone of the bench comes from one address.
        {
            "game": "coinche",
            "profile": "federation",
            "count": "3",
            "difficulty": "1",
            "per_network": str(players),
        },
    )
    session = ClubSession.objects.latest("created_at")
    key = codes.teacher_key(session)
    teacher_live = f"/en/club/host/{session.code}/{key}/live/"
    phones = []
    # One handler for all phones, as one server process has: a new Client would load the
    # middleware again (WhiteNoise scanning the static files) on its first request.
    handler = Client(enforce_csrf_checks=True).handler
    for number in range(players):
        phone = Client(enforce_csrf_checks=True)
        phone.handler = handler
        meter("join page", lambda p=phone: p.get("/en/club/join/"))
        form = {"code": session.code, "nickname": f"p{number}", "lang": "pt"}
        token = phone.cookies["csrftoken"].value
        response = meter(
            "join",
            lambda p=phone, f=form, t=token: p.post("/en/club/join/", f, HTTP_X_CSRFTOKEN=t),
        )
        assert response.status_code == 302, response.status_code
        phones.append([phone, response["Location"] + "live/", None])
    htmx = {"HTTP_HX_REQUEST": "true"}

    def poll_all(answer=False):
        for entry in phones:
            phone, url, etag = entry
            headers = {**htmx, **({"HTTP_IF_NONE_MATCH": etag} if etag else {})}
            response = meter(kind_of_poll, lambda p=phone, u=url, h=headers: p.get(u, **h))
            if response.status_code == 200:
                entry[2] = response["ETag"]
                page = response.content.decode()
                if answer and 'name="csrfmiddlewaretoken"' in page:
                    token = phone.cookies["csrftoken"].value
                    data = answer_for(page)
                    # With the region's ETag, as htmx sends it with the form (hx-headers).
                    sent = {**htmx, "HTTP_IF_NONE_MATCH": entry[2], "HTTP_X_CSRFTOKEN": token}
                    response = meter(
                        "answer",
                        lambda p=phone, u=url, d=data, h=sent: p.post(
                            u.replace("/live/", "/answer/"), d, **h
                        ),
                    )
                    assert response.status_code == 200, (response.status_code, data)
                    entry[2] = response["ETag"]
            elif response.status_code != 304:
                raise SystemExit(f"poll: {response.status_code}")
        meter("teacher poll", lambda: teacher.get(teacher_live, **htmx))

    def streams():
        """Each phone's stream at this process, as tutor/push.py holds them."""
        factory = RequestFactory()
        subscribers = []
        for phone, _url, _etag in phones:
            request = factory.get("/")
            request.COOKIES = {name: morsel.value for name, morsel in phone.cookies.items()}
            player = play.current_player(request, session.code)
            subscribers.append(push._Stream("", play.PhoneScreen(request, player, None), ""))
        return subscribers

    subscribers = streams()
    presenter = host.StageScreen(RequestFactory().get("/"), session.code, teacher=True)
    for _question in range(3):
        for move in (state.advance, state.reveal, state.advance):
            move(session.pk)
            live.forget(session.code)
            # The batch a process renders for its streams, timed per phone.
            version = live.pulse(session.code).version
            for stream in subscribers:
                meter("stream render", lambda s=stream, v=version: push._messages(s, v))
            presenter.shown = ""
            meter("presenter tick", lambda v=version: presenter.render(v))
            poll_all(answer=move is state.advance)
            poll_all()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--profile", choices=KINDS)
    args = parser.parse_args()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        meter = Meter(args.profile)
        run(args.players, meter)
        meter.report()
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
