"""The JSON questions about Coinche and Belote: ``legal``, ``score``, ``auction``, ``replay``.

Each function takes the parsed JSON object and returns ``(answer, steps)``
(CLI.md); bad input raises :class:`~tutor.rules.errors.RulesError`.
"""

from __future__ import annotations

from ..cards import SEATS, card_code, parse_cards, parse_seat
from ..errors import RulesError
from ..explain import Step
from ..payload import field
from .auction import run_auction
from .play import legal_plays
from .profiles import AUCTION_CARDS, coinche_profile
from .replay import check_hands, replay_payload
from .scoring import SIDES, score_deal
from .summary import parse_summary
from .tricks import parse_trump


def legal(payload: dict) -> tuple[dict, list[Step]]:
    """The legal cards of a Coinche position (CLI.md ``legal``)."""
    profile = coinche_profile(payload.get("profile", "federation"))
    trump = parse_trump(field(payload, "trump"), profile)
    hand = parse_cards(field(payload, "hand"))
    seat = parse_seat(field(payload, "seat"))
    trick_payload = field(payload, "trick", [])
    if not isinstance(trick_payload, list):
        raise RulesError("bad_field", name="trick", value=repr(trick_payload))
    trick = []
    for entry in trick_payload:
        if not isinstance(entry, dict) or "seat" not in entry or "card" not in entry:
            raise RulesError("bad_trick")
        trick.append((parse_seat(entry["seat"]), parse_cards([entry["card"]])[0]))
    # Optional: the opponents of ``seat`` bid a capot or générale (002's no trump lead).
    against_capot = field(payload, "against_capot", False)
    if not isinstance(against_capot, bool):
        raise RulesError("bad_field", name="against_capot", value=repr(against_capot)[:40])
    answer = legal_plays(hand, trick, seat, trump, profile, against_capot)
    illegal = [{"card": card_code(c), "code": step.code} for c, step in answer.illegal.items()]
    return {"legal": answer.codes(), "rule": answer.rule, "illegal": illegal}, answer.steps


def score(payload: dict) -> tuple[dict, list[Step]]:
    """A deal summary's score (CLI.md ``score``)."""
    profile = coinche_profile(payload.get("profile", "federation"))
    result = score_deal(profile, parse_summary(payload, profile), explain=True)
    answer = {
        "scores": dict(zip(SIDES, result.scores, strict=True)),
        "made": result.made,
        "deposit": result.deposit,
    }
    return answer, result.steps


def auction(payload: dict) -> tuple[dict, list[Step]]:
    """A sequence of calls checked one by one (CLI.md ``auction``).

    ``hands`` is optional: with it a finished auction is checked for a deal the
    profile cancels (``four_sevens_cancel``).
    """
    profile = coinche_profile(payload.get("profile", "federation"))
    hands = field(payload, "hands", None)
    masks = None
    if hands is not None:
        # In the order dealt: the first six are the ones held during a six-card auction.
        parsed = check_hands(hands)
        held = AUCTION_CARDS[profile.deal]
        masks = [sum(1 << c for c in parsed[seat][:held]) for seat in SEATS]
    result = run_auction(profile, field(payload, "dealer"), field(payload, "calls"), masks)
    return result.as_dict(), result.steps


def replay(payload: dict) -> tuple[dict, list[Step]]:
    """A whole deal checked and scored (CLI.md ``replay``)."""
    profile = coinche_profile(payload.get("profile", "federation"))
    result = replay_payload(payload, profile)
    return result.as_dict(), result.steps
