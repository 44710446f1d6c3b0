"""From a position to questions: what every "Ask this at the club" button hands to a set.

A page that shows a position (the referee's answer, a moment of a played deal, a lesson's
worked example, a practice question; later a table where people play) includes
``club/_ask.html`` with the position as the engine's JSON, the shapes of ``python -m
tutor.rules legal`` and ``auction`` (shared/rules/CLI.md):

- a hand to play from: ``{"trump", "hand", "trick": [{"seat", "card"}…], "seat"}``, or for
  Chouine ``{"profile": "chouine", "trump", "hand", "trick": [{"player", "card"}],
  "player", "stock"}``;
- a whole trick: ``{"trump", "trick": [four {"seat", "card"}]}`` with, where the page knows
  them, ``"hands"``: what each seat held before it (each seat's play can then be asked); for
  Chouine ``{"profile": "chouine", "trump", "trick": [two {"player", "card"}]}``;
- an auction: ``{"dealer", "calls"}``, finished or under way;
- a question a page already posed: ``{"question": {"type", "data"}}``.

The include signs it (:func:`sign`), so the set's page knows one of our pages drew it: the
engine checks every position again, but a question's own data is only ever read as our pages
wrote it. :func:`kinds` lists what can be asked about a position; :func:`pose` asks it under
a set's rules, every check the engine's. A position the engine refuses under those rules
raises :class:`Refused` with the engine's reason.

>>> position = {"trump": "H", "hand": ["JH", "KD"], "seat": "E",
...             "trick": [{"seat": "S", "card": "AS"}, {"seat": "E", "card": "TS"}]}
>>> pose(position, "play_card", "federation")
Traceback (most recent call last):
...
tutor.club.positions.Refused: seat_in_trick
"""

from __future__ import annotations

import random

from django.core import signing

from tutor import exercises
from tutor.rules.cards import next_seat
from tutor.rules.cli import ask
from tutor.rules.coinche.auction import AuctionResult, run_auction
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages
from tutor.rules.payload import field
from tutor.rules.profiles import fits

from ..exercises.coinche.auction import contract_options
from ..exercises.taps import call_options

SALT = "atout.club.position"

messages(
    {
        "club_position_unreadable": gettext_noop(
            "This position cannot be read: open it again from the page that showed it."
        ),
        "club_position_turn": gettext_noop(
            "The cards of a trick go round in the order of play: after %(seat_before)s comes "
            "%(seat)s, not %(seat_given)s."
        ),
        "club_position_game": gettext_noop(
            "This position is from another game than the set's: choose a set of that game."
        ),
        "club_position_kind": gettext_noop("This question cannot be asked about this position."),
        "club_position_nothing_right": gettext_noop(
            "Under these rules none of the answers offered here would be right."
        ),
        "club_auction_not_over": gettext_noop("Under these rules this auction is not over yet."),
    }
)

# A question already posed, and the same position asked the other way (tap or tick).
COUNTERPARTS = {
    "legal_cards": "play_card",
    "play_card": "legal_cards",
    "trick_winner": "trick_winner_card",
    "trick_winner_card": "trick_winner",
    "chouine_legal": "chouine_play_card",
    "chouine_play_card": "chouine_legal",
    "chouine_trick_winner": "chouine_trick_winner_card",
    "chouine_trick_winner_card": "chouine_trick_winner",
    "call_legal": "make_call",
}


class Refused(Exception):
    """A position or a question the engine (or the set) will not take; ``step`` says why."""

    def __init__(self, step: Step):
        super().__init__(step.code)
        self.step = step


def sign(position: dict) -> str:
    """The position signed, the same every time (no timestamp): a page that shows it is the
    same page for everyone, and can be kept (docs/speed.md)."""
    return signing.Signer(salt=SALT).sign_object(position, compress=True)


def read(signed: str) -> dict:
    try:
        position = signing.Signer(salt=SALT).unsign_object(signed)
    except signing.BadSignature:
        raise Refused(Step("club_position_unreadable")) from None
    if not isinstance(position, dict):
        raise Refused(Step("club_position_unreadable"))
    return position


def game(position: dict) -> str:
    if "question" in position:
        return exercises.get_type(position["question"]["type"]).game
    return "chouine" if position.get("profile") == "chouine" else "coinche"


def kinds(position: dict) -> list[tuple[str, str | None]]:
    """What can be asked about ``position``: ``(question type, seat)`` pairs, the seat being
    whose card is asked where a whole trick gives several (``None`` otherwise). The first
    is the one a page offers by default."""
    if "question" in position:
        name = position["question"]["type"]
        other = COUNTERPARTS.get(name)
        return [(name, None)] + ([(other, None)] if other else [])
    if "dealer" in position:
        try:
            done = run(position, position.get("profile", "federation")).done
        except Refused:
            done = False
        return [("final_contract", None)] if done else [("make_call", None), ("auction_end", None)]
    trick = position.get("trick") or []
    if game(position) == "chouine":
        if len(trick) == 2:
            return [("chouine_trick_winner_card", None), ("chouine_trick_winner", None)]
        return [("chouine_play_card", None), ("chouine_legal", None)]
    if len(trick) == 4:
        found = [("trick_winner_card", None), ("trick_winner", None), ("trick_points", None)]
        for entry in trick:
            if entry.get("seat") in (position.get("hands") or {}):
                found += [("play_card", entry["seat"]), ("legal_cards", entry["seat"])]
        return found
    return [("play_card", None), ("legal_cards", None)]


def pose(position: dict, kind: str, profile: str, seat: str | None = None) -> dict:
    """The question ``kind`` about ``position`` under ``profile``, checked by the engine:
    posed, solved and with something right to answer; or :class:`Refused`."""
    if (kind, seat) not in kinds(position):
        raise Refused(Step("club_position_kind"))
    qtype = exercises.get_type(kind)
    if not fits(profile, qtype.profiles):
        raise Refused(Step("club_position_game"))
    try:
        data = _data(position, kind, profile, seat)
    except (RulesError, exercises.ExerciseError) as error:
        raise Refused(Step(error.code, error.params)) from None
    return repose(kind, profile, data)


def repose(kind: str, profile: str, data: dict) -> dict:
    """The question ``kind`` on ``data`` under ``profile``, solved by the engine, with
    something right to answer; or :class:`Refused`. (A set's new rules pose its questions
    again this way.)"""
    try:
        question = exercises.fixed(kind, profile, data)
        solution = exercises.solve(question)
    except (RulesError, exercises.ExerciseError) as error:
        raise Refused(Step(error.code, error.params)) from None
    if exercises.get_type(kind).answer_kind == "tap" and not solution.expected:
        raise Refused(Step("club_position_nothing_right"))
    return question


def _data(position: dict, kind: str, profile: str, seat: str | None) -> dict:
    """The question's data in its type's shape, once the engine has accepted the position."""
    if "question" in position:
        data = dict(position["question"]["data"])
        if kind == "make_call":
            return _auction_data(data, kind, profile)
        return data
    if "dealer" in position:
        return _auction_data(position, kind, profile)
    if game(position) == "chouine":
        return _chouine(position)
    return _coinche(position, profile, seat)


def run(position: dict, profile: str) -> AuctionResult:
    """The auction as the engine runs it under ``profile``; an illegal call is refused with
    the engine's reason."""
    try:
        rules = coinche_profile(profile)
        result = run_auction(rules, field(position, "dealer"), field(position, "calls"))
    except RulesError as error:
        raise Refused(Step(error.code, error.params)) from None
    if not result.valid:
        raise Refused(result.steps[-1])
    return result


def _auction_data(position: dict, kind: str, profile: str) -> dict:
    result = run(position, profile)
    dealer, calls = position["dealer"], list(position["calls"])
    if kind == "final_contract":
        if not result.done:
            raise Refused(Step("club_auction_not_over"))
        # The same auction always offers the same contracts to choose from.
        rng = random.Random(f"{dealer}:{','.join(calls)}")
        options = contract_options(coinche_profile(profile), dealer, calls, rng, 2)
        return {"dealer": dealer, "calls": calls, "options": options}
    if result.done:
        raise Refused(Step("auction_over"))
    return {"dealer": dealer, "calls": calls, "options": call_options(result.auction)}


def _ask(command: str, payload: dict):
    try:
        return ask(command, payload)
    except RulesError as error:
        raise Refused(Step(error.code, error.params)) from None


def _in_turn(trick: list[dict], key: str, after) -> None:
    """The seats of a trick follow the order of play (the exercises seat the cards by it)."""
    for before, entry in zip(trick, trick[1:], strict=False):
        if entry[key] != after(before[key]):
            raise Refused(
                Step(
                    "club_position_turn",
                    {
                        "seat_before": before[key],
                        "seat": after(before[key]),
                        "seat_given": entry[key],
                    },
                )
            )


def _coinche(position: dict, profile: str, seat: str | None) -> dict:
    trick = _entries(position, "seat")
    if len(trick) == 4:
        # The engine checks the cards and seats of the trick before its last card.
        last = trick[-1]
        _ask(
            "legal",
            {
                "profile": profile,
                "trump": position.get("trump"),
                "hand": [last["card"]],
                "trick": trick[:3],
                "seat": last["seat"],
            },
        )
        _in_turn(trick, "seat", next_seat)
        cards = [entry["card"].upper() for entry in trick]
        if seat is None:
            return {"trump": position["trump"], "leader": trick[0]["seat"], "trick": cards}
        index = [entry["seat"] for entry in trick].index(seat)
        trick, hand = trick[:index], position["hands"][seat]
    else:
        hand, seat = position.get("hand"), position.get("seat")
    payload = {"profile": profile, "trump": position.get("trump"), "hand": hand}
    _ask("legal", {**payload, "trick": trick, "seat": seat})
    full = [*trick, {"seat": seat}]
    _in_turn(full, "seat", next_seat)
    return {
        "trump": position["trump"],
        "leader": trick[0]["seat"] if trick else seat,
        "trick": [entry["card"].upper() for entry in trick],
        "seat": seat,
        "hand": [card.upper() for card in hand],
    }


def _chouine(position: dict) -> dict:
    trick = _entries(position, "player")
    other = {"A": "B", "B": "A"}
    if len(trick) == 2:
        lead, reply = trick
        _ask(
            "legal",
            {
                "profile": "chouine",
                "trump": position.get("trump"),
                "hand": [reply["card"]],
                "trick": [lead],
                "player": reply["player"],
                "stock": position.get("stock", 0),
            },
        )
        _in_turn(trick, "player", other.get)
        return {
            "lead": lead["card"].upper(),
            "reply": reply["card"].upper(),
            "trump": position["trump"],
            "leader": lead["player"],
        }
    payload = {key: position.get(key) for key in ("trump", "hand", "player", "stock")}
    _ask("legal", {**payload, "trick": trick, "profile": "chouine"})
    _in_turn([*trick, {"player": position["player"]}], "player", other.get)
    return {
        "hand": [card.upper() for card in position["hand"]],
        "lead": trick[0]["card"].upper() if trick else None,
        "trump": position["trump"],
        "stock": position["stock"],
        "indicator": position.get("indicator"),
        "player": position["player"],
    }


def _entries(position: dict, key: str) -> list[dict]:
    """The trick's entries, each a ``{key, "card"}`` object (the engine says why not)."""
    trick = position.get("trick") or []
    if not isinstance(trick, list) or not all(
        isinstance(entry, dict) and key in entry and isinstance(entry.get("card"), str)
        for entry in trick
    ):
        raise Refused(Step("bad_trick"))
    return trick
