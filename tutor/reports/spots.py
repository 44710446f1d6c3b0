"""A spot: what a page shows beside its "Report a problem" link, and what it takes to show
it again.

A page builds a :class:`Spot` where it holds the engine's answer: what kind of thing it shows,
the position in the engine's own JSON, the rules, the steps it says (reason codes and their
parameters, never sentences) and a step number. Nothing here knows of requests or Django:
the template tag ``{% report_link spot %}`` adds the page, the language and the app's version
and signs the whole into the link (``signed.py``).

The kinds and their positions:

- ``exercise``: ``{"question": {type, seed, profile, params, data}, "given": answer}``, the
  exercises package's question (``exercises.finish`` completes it) and the answer checked
  (``None`` on a club phone, which shows the question, not what anyone answered);
- ``example``: ``{"lesson": slug, "profile": code, "step": n, "game": game, "table": {...}}``,
  a step of a lesson's worked example and the table it draws (``tutor.table`` arguments);
- ``play``: ``{"game", "seed", "dealer", "seats", "moves", "seen", "replay", "move"}``, a
  played deal as ``TableDeal`` keeps it (no owner, no address), the engine's ``replay`` JSON
  of the moves so far (CLI.md) and the move the engine refused, if any;
- ``table``: ``{"game", "deal", "moves", "seat", "move"}``, a move refused at a table of
  players while its deal is played, or what a player's page says there (the Why list, the
  gathered trick; no ``move``): the deal by its row and the number of moves made, never
  its seed or cards (a signed link is readable: these would show the player the other
  hands); the report's reopen reads the deal from the database;
- ``legal``: the engine's ``legal`` question (CLI.md), as the referee asks it;
- ``score``: the engine's ``score`` question (CLI.md), as the calculator asks it;
- ``sheet``: ``{"profile", "deals": [score questions]}``, a score sheet's deals in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step

KINDS = ("exercise", "example", "play", "table", "legal", "score", "sheet")


@dataclass(frozen=True)
class Spot:
    """What a page shows beside a report link (see the module's docstring for ``kind`` and
    ``position``). ``capital``: the page starts each sentence with a capital, as the play
    pages do. ``page``: the page type, for a page rendered without its request (a club
    phone's shared region)."""

    kind: str
    position: dict
    rules: str
    steps: tuple[Step, ...] = ()
    step: int | None = None
    capital: bool = False
    page: str = ""


def _steps(steps: Iterable) -> tuple[Step, ...]:
    """Steps as :class:`Step` values, each once, in order (a sentence the page shows in two
    places is one sentence)."""
    found: list[Step] = []
    for step in steps:
        if not isinstance(step, Step):
            step = Step(step["code"], dict(step.get("params") or {}))
        if step not in found:
            found.append(step)
    return tuple(found)


def exercise(
    question: Mapping, steps: Iterable, given=None, step: int | None = None, page: str = ""
) -> Spot:
    """A question and the sentences of its verdict (or of its reveal, ``given`` None)."""
    posed = {key: question[key] for key in ("type", "seed", "profile", "params", "data")}
    return Spot(
        "exercise",
        {"question": posed, "given": given},
        str(question["profile"]),
        _steps(steps),
        step,
        page=page,
    )


def example(lesson: str, profile: str, step: int, game: str, table: dict, steps) -> Spot:
    position = {"lesson": lesson, "profile": profile, "step": step, "game": game, "table": table}
    return Spot("example", position, profile, _steps(steps), step + 1, capital=True)


def play(
    record, replay: dict, steps: Iterable, move: tuple | None = None, capital: bool = True
) -> Spot:
    """A deal at the table (a ``TableDeal``): its position and what the page says of it
    (with a capital, as ``tutor.play.sentence`` writes it, unless ``capital`` is False)."""
    position = {
        "game": record.game,
        "seed": record.seed,
        "dealer": record.dealer,
        "seats": record.seats,
        # Each move's keys in one order: a deal just moved on in this process and the same
        # deal read back from PostgreSQL (jsonb keeps keys in an order of its own) sign the
        # same link.
        "moves": [dict(sorted(move.items())) for move in record.moves],
        "seen": record.seen,
        "replay": replay,
    }
    if move is not None:
        position["move"] = {"action": move[0], "value": move[1]}
    rules = "chouine" if record.game == "chouine" else coinche_profile(record.profile).name
    return Spot("play", position, rules, _steps(steps), len(record.moves), capital=capital)


def table(record, seat: str, said: Step | Iterable, move: tuple | None = None) -> Spot:
    """A move refused at a table of players (``record``: the ``TableDeal`` being played,
    ``seat``: who tried), or what a player's page says while it is played (``said``: its
    steps), without anything the other players hold."""
    position = {"game": record.game, "deal": record.pk, "moves": len(record.moves), "seat": seat}
    if move is not None:
        position["move"] = {"action": move[0], "value": move[1]}
    rules = "chouine" if record.game == "chouine" else coinche_profile(record.profile).name
    said = [said] if isinstance(said, Step) else said
    return Spot("table", position, rules, _steps(said), len(record.moves), capital=True)


def legal(payload: dict, steps: Iterable) -> Spot:
    return Spot("legal", dict(payload), _rules_of(payload["profile"]), _steps(steps))


def score(payload: dict, steps: Iterable) -> Spot:
    return Spot("score", dict(payload), _rules_of(payload["profile"]), _steps(steps))


def sheet(profile: str | dict, deals: list[dict], steps: Iterable) -> Spot:
    """A score sheet's deals under ``profile`` (a name, or a played game's house rules)."""
    position = {"profile": profile, "deals": deals}
    return Spot("sheet", position, _rules_of(profile), _steps(steps), len(deals) or None)


def _rules_of(spec: object) -> str:
    """A profile name or house-rule code; a house-rule object as its code (as its JSON when
    the engine refuses it: the reader may be reporting just that)."""
    if isinstance(spec, str):
        return spec
    try:
        return coinche_profile(spec).name
    except (RulesError, TypeError, ValueError):
        return json.dumps(spec, ensure_ascii=False)[:600]
