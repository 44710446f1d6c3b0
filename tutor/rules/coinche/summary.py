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

from ..cards import SEATS, next_seat, parse_seat, partner_of
from ..errors import RulesError
from ..explain import gettext_noop, messages, ngettext_noop
from ..payload import field, integer, mapping, seat_values, side_or_seat, side_values
from .declarations import belote_suits
from .profiles import Profile
from .scoring import SIDES, Contract, DealSummary
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
        "table_points_range": gettext_noop(
            "The takers' card points run from 0 to %(points_max)s, not %(value)s."
        ),
        "table_points_missing": gettext_noop(
            "Give the takers' card points, or say who took every trick."
        ),
        "table_generale_off": gettext_noop("This rule profile has no générale."),
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


def summary_payload(summary: DealSummary, classic: bool = False) -> dict:
    """The ``score`` question of a summary (the inverse of :func:`parse_summary`, the profile
    left to the caller)."""
    return {
        "game": "belote" if classic else "coinche",
        "contract": summary.contract.as_dict(),
        "card_points": dict(zip(SIDES, summary.card_points, strict=True)),
        "tricks": dict(zip(SEATS, summary.tricks, strict=True)),
        "last_trick": SIDES[summary.last_trick],
        "declarations": dict(zip(SIDES, summary.declarations, strict=True)),
        "belote": dict(zip(SIDES, summary.belote, strict=True)),
        "deposit": summary.deposit,
    }


# A score sheet at the table asks for what players read off the tricks: who took the
# contract, the takers' card points, and toggles for the last trick, the belote and a
# clean sweep. The rest of a summary follows from those.
SWEEPS = ("takers", "taker", "defence")  # every trick to: the takers, the taker alone, the defence


def table_payload(entry: dict, profile: Profile) -> dict:
    """The full ``score`` payload of a deal entered at the table, checked on the way.

    ``entry``: ``game``, ``contract``, ``points`` (the takers' card points, without the
    last trick), ``last_trick`` (``"takers"`` or ``"defence"``), ``belote``
    (``None``, ``"takers"`` or ``"defence"``), ``sweep`` (``None`` or one of
    :data:`SWEEPS`) and ``declarations`` (``{"takers": n, "defence": n}``).
    Who took how many tricks does not change a score except when one side (or the
    taker alone) took them all, so a split of four each stands for every other deal.

    >>> from tutor.rules.profiles import get_profile
    >>> payload = table_payload({"contract": {"seat": "E", "bid": 90, "trump": "S"},
    ...     "points": 100, "last_trick": "defence", "belote": "takers"}, get_profile("federation"))
    >>> payload["card_points"], payload["last_trick"], payload["belote"], payload["tricks"]
    ({'EW': 100, 'NS': 52}, 'N', {'EW': 20}, {'E': 4, 'N': 4})
    >>> parse_summary(payload, get_profile("federation")).card_points
    (52, 100)
    """
    entry = mapping(entry, "entry")
    contract_payload = mapping(field(entry, "contract"), "contract")
    classic = parse_game(entry, profile)
    contract = parse_contract(contract_payload, profile, classic)
    taker = contract.seat
    partner = partner_of(taker)
    opponent = next_seat(taker)
    sides = ("NS", "EW")
    takers, defence = sides[contract.side], sides[1 - contract.side]
    whole = hand_points(profile, contract.trump)
    sweep = field(entry, "sweep", None)
    if sweep not in (None, *SWEEPS):
        raise RulesError("bad_field", name="sweep", value=repr(sweep))
    if sweep == "taker" and not profile.generale:
        raise RulesError("table_generale_off")
    if sweep in ("takers", "taker"):
        points, last = whole, "takers"
        tricks = {taker: 8} if sweep == "taker" else {taker: 4, partner: 4}
    elif sweep == "defence":
        points, last = 0, "defence"
        tricks = {opponent: 4, partner_of(opponent): 4}
    else:
        points = field(entry, "points", None)
        if points is None:
            raise RulesError("table_points_missing")
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= whole:
            raise RulesError("table_points_range", value=str(points), points_max=whole)
        last = field(entry, "last_trick", "takers")
        tricks = {taker: 4, opponent: 4}
    if last not in ("takers", "defence"):
        raise RulesError("bad_field", name="last_trick", value=repr(last))
    belote = field(entry, "belote", None)
    if belote not in (None, "takers", "defence"):
        raise RulesError("bad_field", name="belote", value=repr(belote))
    declared = mapping(field(entry, "declarations", {}), "declarations")
    return {
        "game": "belote" if classic else "coinche",
        "contract": contract_payload,
        "card_points": {takers: points, defence: whole - points},
        "tricks": tricks,
        "last_trick": taker if last == "takers" else opponent,
        "declarations": {
            takers: declared.get("takers", 0),
            defence: declared.get("defence", 0),
        },
        "belote": {}
        if belote is None
        else {takers if belote == "takers" else defence: profile.belote},
    }


def table_entry(payload: dict) -> dict:
    """The table entry of a stored deal payload: what :func:`table_payload` inverts.

    >>> from tutor.rules.profiles import get_profile
    >>> entry = {"game": "coinche", "contract": {"seat": "S", "bid": 80, "trump": "H",
    ...     "double": 2}, "points": 90, "last_trick": "takers", "belote": None,
    ...     "sweep": None, "declarations": {"takers": 0, "defence": 20}}
    >>> table_entry(table_payload(entry, get_profile("federation"))) == entry
    True
    """
    contract = payload["contract"]
    taker = contract["seat"]
    side = SEATS.index(taker) & 1
    takers, defence = ("NS", "EW")[side], ("NS", "EW")[1 - side]
    if set(payload["tricks"]) <= {"NS", "EW"}:
        side_tricks = side_values(payload["tricks"], "tricks")
        tricks = (0, 0, 0, 0)
    else:
        tricks = seat_values(payload["tricks"], "tricks")
        side_tricks = (tricks[0] + tricks[2], tricks[1] + tricks[3])
    sweep = None
    if tricks[SEATS.index(taker)] == 8:
        sweep = "taker"
    elif side_tricks[side] == 8:
        sweep = "takers"
    elif side_tricks[1 - side] == 8:
        sweep = "defence"
    belote = side_values(payload.get("belote", {}), "belote")
    declarations = side_values(payload.get("declarations", {}), "declarations")
    last = side_or_seat(payload["last_trick"], "last_trick")
    return {
        "game": payload.get("game", "coinche"),
        "contract": contract,
        "points": side_values(payload["card_points"], "card_points")[side],
        "last_trick": "takers" if last == side else "defence",
        "belote": "takers" if belote[side] else "defence" if belote[1 - side] else None,
        "sweep": sweep,
        "declarations": {
            "takers": declarations[("NS", "EW").index(takers)],
            "defence": declarations[("NS", "EW").index(defence)],
        },
    }
