"""Load test for tables of players (docs/play.md, Tables): N tables of four people play Coinche
at once, each move reaching the three others on their event streams.

Runs against a server already started on this machine (loopback only), e.g.::

    SECRET_KEY=… SECURE_SSL_REDIRECT=0 DATABASE_URL=postgres://… make serve PORT=8000
    python scripts/load_tables.py --url http://127.0.0.1:8000 --tables 50

or through scripts/load_table.py (``--tables 50``), which starts the server on a fresh database.
Each table is made by its creator's browser (the form at /en/tables/); four browsers sit at
North, East, South and West with a nickname, the creator starts, and each opens the table's
event stream on a connection of its own, as the page's EventSource does. A player whose
stream brings a region where it is their turn moves after a human's pause (``--think``,
seconds, drawn ±50 %): the first legal bid once, else a pass; a card the page offers. The
move is the page's form POST (``at`` and the button's value, htmx's header), on the page's
connection.

Prints the count and p50/p95/p99/max of each kind of request (``move`` is a move's POST, from
before the send to the last byte), and the delay from a move's send until each of the three
other players' streams brought the table's new version: p50/p95/p99 over every move. The
client is the standard library's asyncio, as scripts/load_club.py's (its browser and event
parser are used here). Exits 1 on any error.
"""

import argparse
import asyncio
import json
import random
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_club import TIMEOUT, Browser, Stats, _p, _pct  # noqa: E402

SEATS = "NESW"
TOKEN = re.compile(r"/tables/([\w-]+)/")
AT = re.compile(r'name="at" value="(\d+)"')
CALL = re.compile(
    r'<button type="submit" name="call" value="([^"]+)" data-call="[^"]+" class="[^"]*">'
)
CARD = re.compile(r'name="card" value="(\w\w)" data-card="\w\w">')


class Table:
    def __init__(self, number, target, stats, args):
        self.number, self.stats, self.args = number, stats, args
        host, port = target
        self.players = {seat: Browser(host, port, stats) for seat in SEATS}
        self.token = ""
        # Version → when the move that makes it left, and who made it; its arrivals elsewhere.
        self.sent: dict[int, tuple[float, str]] = {}
        self.arrivals: dict[int, list[float]] = {}
        self.done = asyncio.Event()
        self.bid = True

    async def setup(self):
        creator = self.players["N"]
        await creator.request("page", "GET", "/en/tables/")
        form = {"game": "coinche", "profile": "federation", "clock": "", "away_after": ""}
        status, _body, head = await creator.request("create", "POST", "/en/tables/", form)
        found = TOKEN.search(head.get("location", ""))
        if status != 302 or not found:
            raise SystemExit(f"table {self.number}: not made ({status})")
        self.token = found.group(1)
        for seat, browser in self.players.items():
            await browser.request("page", "GET", f"/en/tables/{self.token}/")
            form = {"seat": seat, "nickname": f"T{self.number}{seat}", "lang": "en"}
            await browser.request("sit", "POST", f"/en/tables/{self.token}/sit/", form)

    async def start(self):
        await self.players["N"].request("start", "POST", f"/en/tables/{self.token}/start/", {})

    async def follow(self, seat):
        """One player's stream: the new versions' arrival times, and a move on their turn."""
        browser = self.players[seat]
        opened = await browser.stream("stream", f"/en/tables/{self.token}/events/")
        if opened is None:
            return
        events, writer, _retry = opened
        try:
            while not self.done.is_set():
                event = await asyncio.wait_for(events.next(), TIMEOUT * 4)
                if event.get("event") != "live":
                    continue
                version = int(event.get("id", 0))
                if version in self.sent and self.sent[version][1] != seat:
                    self.arrivals.setdefault(version, []).append(time.perf_counter())
                html = event.get("data", "")
                if 'data-phase="done"' in html or 'data-phase="redeal"' in html:
                    self.done.set()
                    break
                if f'data-turn="{seat}"' in html and ("data-card" in html or "data-call" in html):
                    asyncio.create_task(self.move(seat, html))
        except (TimeoutError, asyncio.IncompleteReadError, OSError) as error:
            self.stats.errors.append(f"table {self.number} {seat} stream: {error!r}")
        finally:
            writer.close()

    async def move(self, seat, html):
        await asyncio.sleep(self.args.think * random.uniform(0.5, 1.5))
        at = AT.search(html)
        if at is None:
            return
        calls, cards = CALL.findall(html), CARD.findall(html)
        if calls:
            bid = next((c for c in calls if c[0].isdigit()), None) if self.bid else None
            self.bid = False
            form = {"call": bid or "pass", "at": at.group(1)}
        elif cards:
            form = {"card": random.choice(cards), "at": at.group(1)}
        else:
            return
        version = int(at.group(1)) + 1
        self.sent[version] = (time.perf_counter(), seat)
        path = f"/en/tables/{self.token}/move/"
        await self.players[seat].request("move", "POST", path, form, {"HX-Request": "true"})


async def run(args, target):
    stats = Stats()
    tables = [Table(number, target, stats, args) for number in range(args.tables)]
    for table in tables:
        await table.setup()
    followers = [asyncio.create_task(t.follow(seat)) for t in tables for seat in SEATS]
    await asyncio.sleep(1)
    started = time.perf_counter()
    await asyncio.gather(*(table.start() for table in tables))
    await asyncio.wait_for(asyncio.gather(*followers), args.limit)
    wall = time.perf_counter() - started
    delays = []
    for table in tables:
        for version, (left, _seat) in table.sent.items():
            delays += [at - left for at in table.arrivals.get(version, [])]
    summary = stats.summary(wall)
    delays.sort()
    summary["tables"] = args.tables
    summary["reach"] = {
        "count": len(delays),
        **{f"p{p}": (_pct(delays, p / 100) or 0) * 1000 for p in (50, 95, 99)},
    }
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--limit", type=float, default=600)
    parser.add_argument("--json", help="write the figures to this file too")
    args = parser.parse_args()
    parts = urlsplit(args.url)
    if parts.hostname not in ("127.0.0.1", "localhost"):
        sys.exit("Loopback only.")
    summary = asyncio.run(run(args, (parts.hostname, parts.port or 80)))
    print(f"{args.tables} tables, {summary['wall']:.0f} s")
    for kind, figures in summary["kinds"].items():
        print(
            f"{kind:8} {figures['count']:6} p50 {figures['p50']:.1f} p95 {figures['p95']:.1f} "
            f"p99 {figures['p99']:.1f} max {figures['max']:.1f} ms"
        )
    for kind, k in summary["server"].items():
        print(f"{kind:8} the server's own time (Server-Timing) ms p50 / p95 / p99: ", end="")
        print("  ".join(f"{name} {_p(f)}" for name, f in k.items()))
    reach = summary["reach"]
    print(
        f"a move reaching the others: {reach['count']} deliveries, p50 {reach['p50']:.0f} "
        f"p95 {reach['p95']:.0f} p99 {reach['p99']:.0f} ms"
    )
    print(f"errors: {summary['errors']}")
    for error in summary["error_samples"]:
        print("  ", error)
    if args.json:
        Path(args.json).write_text(json.dumps(summary))
    sys.exit(1 if summary["errors"] else 0)


if __name__ == "__main__":
    main()
