"""Shared by the play tests: reading the page's hooks, checking a replay with the CLI, and a
Chouine seed the engine finds for an exchange of the 7 and an announcement by the learner."""

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import SimpleNamespace

from tutor.play.chouine import ChouineTable, cut_for

ROOT = Path(__file__).resolve().parents[2]
AT = re.compile(r'name="at" value="(\d+)"')
LEGAL_CALL = re.compile(
    r'<button type="submit" name="call" value="([^"]+)" data-call="[^"]+" class="[^"]*">'
)
REFUSED_CALL = re.compile(
    r'name="call" value="([^"]+)" data-call="[^"]+" class="[^"]*" aria-disabled'
)
LEGAL_CARD = re.compile(r'name="card" value="(\w\w)" data-card="\w\w">')
REFUSED_CARD = re.compile(r'name="card" value="(\w\w)" data-card="\w\w" aria-disabled="true"')
SCORES = re.compile(r'data-scores="([^"]*)"')


def unescape(text: str) -> str:
    return text.replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&")


def cli_replay(payload: dict) -> dict:
    """``python -m tutor.rules replay`` on ``payload``, as a separate process."""
    done = subprocess.run(
        [sys.executable, "-m", "tutor.rules", "replay"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def cli_legal(payload: dict) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tutor.rules", "legal"],
        input="\n".join(json.dumps(p) for p in payload)
        if isinstance(payload, list)
        else json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def _learner_move(table: ChouineTable) -> tuple[str, object] | None:
    """The test's learner: exchange when the engine allows, announce what it offers, else the
    first legal card."""
    deal = table.deal
    if deal.can_exchange("A"):
        return "exchange", None
    available = deal.announcements_available()
    if available and not deal.pending:
        kind, suit = available[0]
        return "announce", (kind.value, None if suit is None else "SHDC"[suit])
    return "play", deal.legal_cards()[0]


@cache
def chouine_seed() -> int:
    """The first seed whose deal, played by the test's learner against the bot, has the learner
    exchange the trump 7 and announce a combination (both found by the engine)."""
    from tutor.rules.cards import card_code

    for seed in range(1, 5000):
        record = SimpleNamespace(
            seed=seed, dealer=cut_for(seed)[0], profile="chouine", seats="A", moves=[], seen=0
        )
        table = ChouineTable(record)
        exchanged = announced = False
        while not table.deal.finished:
            while not table.deal.finished and (table.waiting() or table.deal.to_move != "A"):
                record.seen = table.deal.tricks
                table.advance()
            if table.deal.finished:
                break
            action, value = _learner_move(table)
            if action == "play":
                value = card_code(value)
            table.move(action, value)
            exchanged |= action == "exchange"
            announced |= action == "announce"
        if exchanged and announced:
            return seed
    raise AssertionError("no seed found")


@cache
def chouine_quinte_seed() -> int:
    """The first seed whose deal, played by the test's learner against the bot, has a quinte
    announced (by either player: the bot announces what is worth most)."""
    from tutor.rules.cards import card_code

    for seed in range(1, 20000):
        record = SimpleNamespace(
            seed=seed, dealer=cut_for(seed)[0], profile="chouine", seats="A", moves=[], seen=0
        )
        table = ChouineTable(record)
        while not table.deal.finished:
            while not table.deal.finished and (table.waiting() or table.deal.to_move != "A"):
                record.seen = table.deal.tricks
                table.advance()
            if table.deal.finished:
                break
            action, value = _learner_move(table)
            table.move(action, card_code(value) if action == "play" else value)
        if any(move.get("announce") == "quinte" for move in record.moves):
            return seed
    raise AssertionError("no seed found")


@cache
def coinche_pause_seed(profile: str = "encyclopedia", dealer: str = "N") -> int:
    """The first seed whose auction, with the test's learner (South) passing, stops on a bid
    of East's that South may coinche out of turn (found by the engine, not written down)."""
    from tutor.play.coinche import CoincheTable

    for seed in range(1, 5000):
        record = SimpleNamespace(
            seed=seed, dealer=dealer, profile=profile, seats="S", moves=[], seen=0
        )
        table = CoincheTable(record)
        table.advance()
        while table.deal.phase == "auction" and not table.paused():
            table.move("call", "pass")
            table.advance()
        if table.paused():
            return seed
    raise AssertionError("no seed found")
