"""Checking a deal summary or a contract given as JSON, impossible totals included.

>>> from tutor.rules.profiles import get_profile
>>> summary = parse_summary({
...     "contract": {"seat": "S", "bid": 100, "trump": "H", "double": 1},
...     "card_points": {"NS": 98, "EW": 54},
...     "tricks": {"N": 3, "E": 1, "S": 3, "W": 1}, "last_trick": "S"}, get_profile("official"))
>>> summary.card_points, summary.tricks, summary.last_trick
((98, 54), (3, 1, 3, 1), 0)
>>> parse_summary({
...     "contract": {"seat": "S", "bid": 100, "trump": "H"},
...     "card_points": {"NS": 98, "EW": 50},
...     "tricks": {"NS": 6, "EW": 2}, "last_trick": "S"}, get_profile("official"))
Traceback (most recent call last):
...
tutor.rules.errors.RulesError: impossible_card_points: {'points': 148, 'points_expected': 152}
"""

from __future__ import annotations

from ..cards import parse_seat
from ..errors import RulesError
from ..explain import gettext_noop, messages, ngettext_noop
from ..payload import field, integer, mapping, seat_values, side_or_seat, side_values
from .declarations import belote_suits
from .profiles import Profile
from .scoring import Contract, DealSummary
from .tricks import SA, TA, hand_points, parse_trump, trump_code

messages(
    {
        "bad_game": gettext_noop('"%(value)s" is not a game: use coinche or belote.'),
        "game_not_in_profile": gettext_noop(
            "This rule profile does not offer classic Belote counting."
        ),
        "bad_bid": gettext_noop(
            '"%(bid)s" is not a bid under this profile: bids run from %(points_min)s to '
            "%(points_max)s in steps of %(step)s, or capot."
        ),
        "classic_no_bid": gettext_noop(
            "Classic Belote has no bid and no coinche: give bid null and double 1."
        ),
        "bad_double": gettext_noop(
            "double must be 1, 2 (coinche) or 4 (surcoinche), not %(value)s."
        ),
        "impossible_card_points": gettext_noop(
            "The card points add up to %(points)s; the cards of a deal are worth "
            "%(points_expected)s."
        ),
        "impossible_tricks": gettext_noop("The tricks add up to %(count)s; a deal has 8."),
        "points_without_tricks": ngettext_noop(
            "%(side)s took no trick but have %(points)s card point.",
            "%(side)s took no trick but have %(points)s card points.",
            "points",
        ),
        "last_trick_without_tricks": gettext_noop(
            "%(side)s cannot have won the last trick: they took no trick."
        ),
        "tricks_by_seat_needed": gettext_noop(
            "One side took every trick: give the tricks per seat (N, E, S, W) so that a "
            "générale can be told from a capot."
        ),
        "impossible_belote": ngettext_noop(
            "%(points)s belote point is impossible here: this contract allows %(points_max)s "
            "in all.",
            "%(points)s belote points are impossible here: this contract allows %(points_max)s "
            "in all.",
            "points",
        ),
        "declarations_off": gettext_noop("This profile plays without declarations."),
        "bad_declarations": gettext_noop(
            "Declarations are worth multiples of 10; %(points)s is impossible."
        ),
    }
)


def parse_contract(payload: object, profile: Profile, classic: bool) -> Contract:
    contract = mapping(payload, "contract")
    seat = parse_seat(field(contract, "seat"))
    trump = parse_trump(field(contract, "trump"), profile)
    bid = field(contract, "bid", None)
    double = field(contract, "double", 1)
    if classic:
        if bid is not None or double != 1:
            raise RulesError("classic_no_bid")
        return Contract(seat, None, trump, 1)
    if double not in (1, 2, 4) or isinstance(double, bool):
        raise RulesError("bad_double", value=repr(double))
    belote_bid = bid in ("capotbelote", "generalebelote")
    if belote_bid and not (profile.belote_capot and belote_suits(trump, profile)):
        raise RulesError("belote_capot_not_in_profile")
    if bid in ("capot", "capotbelote") and profile.capot_bid:
        return Contract(seat, bid, trump, double)
    if bid in ("generale", "generalebelote") and profile.generale:
        return Contract(seat, bid, trump, double)
    low, high, step = profile.bid_range(trump_code(trump))
    if (
        not isinstance(bid, int)
        or isinstance(bid, bool)
        or not low <= bid <= high
        or (bid - low) % step
    ):
        raise RulesError(
            "bad_bid",
            bid=bid if isinstance(bid, int) and not isinstance(bid, bool) else str(bid)[:40],
            points_min=low,
            points_max=high,
            step=step,
        )
    return Contract(seat, bid, trump, double)


def parse_game(payload: dict, profile: Profile) -> bool:
    """Whether the question is about classic Belote counting."""
    game = field(payload, "game", "coinche")
    if game not in ("coinche", "belote"):
        raise RulesError("bad_game", value=str(game))
    if game == "belote" and not profile.classic:
        raise RulesError("game_not_in_profile")
    return game == "belote"


def max_belote(profile: Profile, trump: int) -> int:
    suits = len(belote_suits(trump, profile))
    if suits == 4 and profile.belote_gold:
        return profile.belote_gold
    return suits * profile.belote


def check_belote(belote: tuple[int, int], profile: Profile, trump: int) -> None:
    most = max_belote(profile, trump)
    total = belote[0] + belote[1]
    one_suit = trump < SA or trump == TA and not profile.belote_in_ta
    if (
        total > most
        or (one_suit and belote[0] and belote[1])
        or any(b % profile.belote and b != profile.belote_gold for b in belote)
    ):
        raise RulesError("impossible_belote", points=total, points_max=most)


def parse_summary(payload: dict, profile: Profile) -> DealSummary:
    """A :class:`DealSummary` from the ``score`` question, every total checked."""
    payload = mapping(payload, "summary")
    classic = parse_game(payload, profile)
    contract = parse_contract(field(payload, "contract"), profile, classic)
    card_points = side_values(field(payload, "card_points"), "card_points")
    expected = hand_points(profile, contract.trump)
    if sum(card_points) != expected:
        raise RulesError(
            "impossible_card_points", points=sum(card_points), points_expected=expected
        )
    tricks_payload = mapping(field(payload, "tricks"), "tricks")
    if set(tricks_payload) <= {"NS", "EW"}:
        ns, ew = side_values(tricks_payload, "tricks")
        if profile.generale and 8 in (ns, ew):
            raise RulesError("tricks_by_seat_needed")
        # Per side only: the seats inside a side do not matter then.
        tricks = (ns, ew, 0, 0)
    else:
        tricks = seat_values(tricks_payload, "tricks")
    if sum(tricks) != 8:
        raise RulesError("impossible_tricks", count=sum(tricks))
    side_tricks = (tricks[0] + tricks[2], tricks[1] + tricks[3])
    for s, name in ((0, "NS"), (1, "EW")):
        if not side_tricks[s] and card_points[s]:
            raise RulesError("points_without_tricks", side=name, points=card_points[s])
    last = side_or_seat(field(payload, "last_trick"), "last_trick")
    if not side_tricks[last]:
        raise RulesError("last_trick_without_tricks", side=("NS", "EW")[last])
    declarations = side_values(field(payload, "declarations", {}), "declarations")
    if any(declarations) and not profile.declarations:
        raise RulesError("declarations_off")
    for points in declarations:
        if points % 10:
            raise RulesError("bad_declarations", points=points)
    belote = side_values(field(payload, "belote", {}), "belote")
    check_belote(belote, profile, contract.trump)
    deposit = integer(field(payload, "deposit", 0), "deposit")
    return DealSummary(contract, card_points, tricks, last, declarations, belote, deposit, classic)
