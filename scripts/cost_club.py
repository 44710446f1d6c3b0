"""What one phone of a club session costs, step by step, in the production stack.

Runs against a server already started on this machine (loopback only), best with one process,
on a quiet machine, e.g.::

    SECRET_KEY=… SECURE_SSL_REDIRECT=0 DATABASE_URL=postgres://… make serve PORT=8000 WORKERS=1
    python scripts/cost_club.py --url http://127.0.0.1:8000 --players 500

``--players`` phones go through each step together, a few at a time (the join page, the
join, the phone's page, its event stream, the event of the teacher's first move, an answer),
and the script prints, per phone and step, the CPU milliseconds of the server's processes, of
PostgreSQL's (every process on this machine named ``postgres``) and of its own; then how many
joins, and how many answers, a second those figures leave room for on this machine's cores.
Where ``load_club.py`` shows what a room of a given pace gets, this shows what its pace asks:
CPU seconds over a whole step, so the figures hold on a busy machine too, within its noise.
"""

import argparse
import asyncio
import os
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from load_club import (
    LOOPBACK,
    Browser,
    Stats,
    answer_for,
    cpu_seconds,
    create_session,
    etag_of,
    join_code,
    server_processes,
)

# Phones in flight at once: enough to keep the server busy, not a herd that queues.
AT_ONCE = 6
STEPS = ("join page", "join", "page", "stream", "first move's event", "answer")


def database_processes():
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and b"postgres" in (entry / "cmdline").read_bytes():
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


async def run(players, target):
    stats = Stats()
    servers = server_processes(target[1])
    if not servers:
        sys.exit(f"No server is listening on port {target[1]} here.")
    teacher = Browser(*target, stats)
    host = await create_session(teacher, players, 1)
    if host is None:
        sys.exit(1)
    code = join_code(host)
    phones = [Browser(*target, stats) for _ in range(players)]
    state = [{} for _ in range(players)]
    gate = asyncio.Semaphore(AT_ONCE)
    costs = {}

    async def measure(name, work):
        databases = database_processes()
        before = (cpu_seconds(servers), cpu_seconds(databases), time.process_time())
        await work()
        # The server's last writes and PostgreSQL's last commits land in the step they belong to.
        await asyncio.sleep(0.3)
        after = (cpu_seconds(servers), cpu_seconds(databases), time.process_time())
        costs[name] = [(b - a) * 1000 / players for a, b in zip(before, after, strict=True)]

    async def each_phone(each):
        async def one(number):
            async with gate:
                await each(number)

        await asyncio.gather(*(one(number) for number in range(players)))

    async def join_page(number):
        await phones[number].request("join", "GET", "/en/club/join/")

    async def join(number):
        lang = ("pt", "es", "ro", "fr")[number % 4]
        form = {"code": code, "nickname": f"player{number}", "lang": lang}
        status, _, head = await phones[number].request("join", "POST", "/en/club/join/", form)
        if status != 302:
            sys.exit(f"A join failed: {stats.errors[-1] if stats.errors else status}")
        state[number]["play"] = head["location"]

    async def page(number):
        status, body, _ = await phones[number].request("page", "GET", state[number]["play"])
        version = re.search(r'data-version="(\d+)"', body)
        if status != 200 or version is None:
            sys.exit(f"A phone's page failed: {stats.errors[-1] if stats.errors else status}")
        state[number]["version"] = version[1]

    async def stream(number):
        path = f"{state[number]['play']}events/?v={state[number]['version']}"
        state[number]["stream"] = await phones[number].stream("stream", path)

    async def first_event(number):
        state[number]["region"] = (await state[number]["stream"][0].next()).get("data", "")

    async def answer(number):
        region = state[number]["region"]
        headers = {"HX-Request": "true", "If-None-Match": etag_of(region)}
        await phones[number].request(
            "answer", "POST", state[number]["play"] + "answer/", answer_for(region), headers
        )

    for name, each in zip(STEPS[:4], (join_page, join, page, stream), strict=True):
        await measure(name, lambda each=each: each_phone(each))
    if any(entry["stream"] is None for entry in state):
        sys.exit("A stream did not open.")

    async def first_move():
        # Every stream's event at once, as the server sends them.
        await teacher.request("start", "POST", f"{host}start/", {}, {"HX-Request": "true"})
        await asyncio.gather(*(first_event(number) for number in range(players)))

    await measure(STEPS[4], first_move)
    await measure(STEPS[5], lambda: each_phone(answer))
    for entry in state:
        entry["stream"][1].close()
    if stats.errors:
        print(f"{len(stats.errors)} requests failed, e.g. {stats.errors[0]}")
    return costs


def report(costs, players):
    print(f"CPU ms per phone ({players} phones): server, database, this script")
    for name, (server, database, client) in costs.items():
        print(f"  {name:<20} {server:6.2f}  {database:6.2f}  {client:6.2f}")
    joining = [sum(costs[name][i] for name in STEPS[:4]) for i in range(3)]
    print(f"  {'a whole join':<20} {joining[0]:6.2f}  {joining[1]:6.2f}  {joining[2]:6.2f}")
    cores = os.cpu_count() or 1
    for label, (server, database, client) in (("joins", joining), ("answers", costs["answer"])):
        print(
            f"{cores} cores hold at most {cores * 1000 / (server + database):.0f} {label} a second"
            f" (server and database; {cores * 1000 / (server + database + client):.0f} with this"
            " script on them too)"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--players", type=int, default=500)
    args = parser.parse_args()
    url = urlsplit(args.url)
    if url.hostname not in LOOPBACK:
        sys.exit("cost_club.py only runs against a server on this machine (loopback).")
    if not 10 <= args.players <= 2000:
        sys.exit("--players must be between 10 and 2000.")
    costs = asyncio.run(run(args.players, (url.hostname, url.port or 80)))
    report(costs, args.players)


if __name__ == "__main__":
    main()
