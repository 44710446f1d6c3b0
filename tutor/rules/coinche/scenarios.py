"""Seeded scenarios for lessons and quizzes: a position or a whole deal showing one rule.

``scenario(kind, seed, profile)`` always returns the same JSON-able
description for the same three values. Position kinds are the rule codes of
:func:`tutor.rules.coinche.play.decide` (``must_overtrump``, ``partner_master``,
``must_undertrump``, ``may_discard``, ...): a random deal is played until a
player faces that rule with a real choice to make. Deal kinds are
``fails_by_one_point``, ``capot``, ``declarations_tie`` and ``litige``.

>>> s = scenario("must_overtrump", 1)
>>> s["rule"], s["kind"], len(s["legal"]) < len(s["hand"])
('must_overtrump', 'must_overtrump', True)
>>> s == scenario("must_overtrump", 1)
True
>>> scenario("capot", 4)["made"]
True
"""

from __future__ import annotations

import random

from ..cards import ACE, JACK, KING, NINE, SEATS, TEN, card_code, card_of, next_seat, parse_card
from ..errors import RulesError
from ..explain import gettext_noop, messages
from .auction import four_sevens_seat
from .deal import PlayedDeal, cut_and_deal, play_random, summarize
from .declarations import best_declarations, compare
from .play import decide
from .profiles import Profile, coinche_profile
from .scoring import SIDES, Contract, score_deal
from .summary import summary_payload
from .tricks import POWER, SA, TA, order_map, trump_code

messages(
    {
        "unknown_scenario": gettext_noop('"%(value)s" is not a kind of scenario.'),
        "scenario_not_in_profile": gettext_noop(
            "The scenario %(value)s cannot arise under this rule profile."
        ),
        "scenario_not_found": gettext_noop(
            "No %(value)s scenario was found for this seed; try another seed."
        ),
    }
)

SUIT_RULES = (
    "follow_suit",
    "partner_master",
    "must_trump",
    "must_overtrump",
    "must_undertrump",
    "may_discard",
    "no_suit_no_trump",
    "trump_led_overtrump",
    "trump_led_any_trump",
    "trump_led_no_trump",
)
SA_RULES = ("sa_follow", "sa_discard")
TA_RULES = ("ta_overcard", "ta_follow", "ta_discard")
DEAL_KINDS = ("fails_by_one_point", "capot", "declarations_tie", "litige")
KINDS = SUIT_RULES + SA_RULES + TA_RULES + DEAL_KINDS
ATTEMPTS = 3000


def _codes(cards) -> list[str]:
    return [card_code(c) for c in cards]


def _hands_json(hands: list[int]) -> dict[str, list[str]]:
    return {SEATS[i]: _codes(c for c in range(32) if hands[i] >> c & 1) for i in range(4)}


def _position(kind: str, rng: random.Random, profile: Profile, trump: int) -> dict | None:
    """Plays one random deal; the first position decided by ``kind`` with a choice, if any."""
    dealer = rng.choice(SEATS)
    hands = cut_and_deal(rng, dealer).masks()
    if four_sevens_seat(profile, hands) is not None:
        return None
    start = list(hands)
    leader = SEATS.index(next_seat(dealer))
    plays: list[int] = []
    for _ in range(8):
        trick: list[int] = []
        seat = leader
        for n in range(4):
            hand = hands[seat]
            if n:
                lead = trick[0] >> 3
                power = POWER[trump][lead]
                best = max(range(n), key=lambda i: power[trick[i]])
                legal, rule = decide(
                    hand, lead, trick[best], best == n - 2, trump, profile.undertrump
                )
                if rule == kind and hand.bit_count() > 1 and (legal != hand or rule in _FREE):
                    return {
                        "dealer": dealer,
                        "trump": trump_code(trump),
                        "hands": _hands_json(start),
                        "plays": _codes(plays),
                        "seat": SEATS[seat],
                        "hand": _codes(c for c in range(32) if hand >> c & 1),
                        "trick": [
                            {"seat": SEATS[(leader + i) & 3], "card": card_code(c)}
                            for i, c in enumerate(trick)
                        ],
                        "legal": _codes(c for c in range(32) if legal >> c & 1),
                        "rule": rule,
                    }
            else:
                legal = hand
            options = [c for c in range(32) if legal >> c & 1]
            card = rng.choice(options)
            hands[seat] ^= 1 << card
            trick.append(card)
            plays.append(card)
            seat = (seat + 1) & 3
        power = POWER[trump][trick[0] >> 3]
        leader = (leader + max(range(4), key=lambda i: power[trick[i]])) & 3
    return None


# Rules whose point is the freedom they give: every card stays legal.
_FREE = {
    "partner_master",
    "may_discard",
    "no_suit_no_trump",
    "trump_led_no_trump",
    "sa_discard",
    "ta_discard",
}


def _deal_json(profile, dealer, hands, plays, summary, classic) -> dict | None:
    # A deal the profile cancels after the auction is never played. The whole hands are
    # read (a superset of the six held in a six-card auction): the JSON lists each hand in
    # card order, not the order dealt, so no deal it gives can be cancelled by a replay.
    if four_sevens_seat(profile, hands) is not None:
        return None
    result = score_deal(profile, summary)
    return {
        "dealer": dealer,
        "hands": _hands_json(hands),
        "contract": summary.contract.as_dict(),
        "plays": _codes(plays),
        "summary": summary_payload(summary, classic),
        "scores": dict(zip(SIDES, result.scores, strict=True)),
        "made": result.made,
    }


def _suit_trump(rng: random.Random, profile: Profile) -> int:
    suits = [t for t in profile.trumps if t in "SHDC"]
    return "SHDC".index(rng.choice(suits))


def _random_played(rng: random.Random, profile: Profile, trump: int):
    dealer = rng.choice(SEATS)
    hands = cut_and_deal(rng, dealer).masks()
    leader = SEATS.index(next_seat(dealer))
    played = play_random(hands, leader, trump, profile.undertrump, rng)
    return dealer, hands, played


def _fails_by_one(rng: random.Random, profile: Profile) -> dict | None:
    trump = _suit_trump(rng, profile)
    dealer, hands, played = _random_played(rng, profile, trump)
    seat = rng.choice(SEATS)
    summary = summarize(profile, Contract(seat, profile.min_bid, trump), hands, played)
    side = SEATS.index(seat) & 1
    counted = summary.declarations if profile.declarations_count else (0, 0)
    bonus = [0, 0]
    bonus[summary.last_trick] = 10
    totals = [summary.card_points[s] + bonus[s] + counted[s] + summary.belote[s] for s in (0, 1)]
    bid = totals[side] + 1 - profile.contract_margin
    if (
        8 in (summary.tricks[0] + summary.tricks[2], summary.tricks[1] + summary.tricks[3])
        or totals[side] <= totals[1 - side]
        or bid % profile.bid_step
        or not profile.min_bid <= bid <= profile.max_bid
    ):
        return None
    summary = summarize(profile, Contract(seat, bid, trump), hands, played)
    return _deal_json(profile, dealer, hands, played.plays, summary, False)


def _capot(rng: random.Random, profile: Profile) -> dict | None:
    trump = _suit_trump(rng, profile)
    plain = [s for s in range(4) if s != trump]
    strong = [card_of(trump, r) for r in (JACK, NINE, ACE, TEN, KING)]
    strong += [card_of(s, ACE) for s in plain]
    rest = [c for c in range(32) if c not in strong]
    rng.shuffle(rest)
    hands = [sum(1 << c for c in strong), 0, 0, 0]
    for i in (1, 2, 3):
        hands[i] = sum(1 << c for c in rest[8 * (i - 1) : 8 * i])
    # South holds the five best trumps and three aces and leads all eight.
    dealer = "W"
    plays: list[int] = []
    remaining = list(hands)
    for lead in strong:
        trick = [lead]
        remaining[0] ^= 1 << lead
        for seat in (1, 2, 3):
            power = POWER[trump][lead >> 3]
            best = max(range(len(trick)), key=lambda i: power[trick[i]])
            legal = decide(
                remaining[seat],
                lead >> 3,
                trick[best],
                best == len(trick) - 2,
                trump,
                profile.undertrump,
            )[0]
            card = rng.choice([c for c in range(32) if legal >> c & 1])
            remaining[seat] ^= 1 << card
            trick.append(card)
        plays += trick
    played = PlayedDeal(plays, [0] * 8, [0] * 8, [8, 0, 0, 0])
    bid = "capot" if profile.capot_bid else profile.max_bid
    summary = summarize(profile, Contract("S", bid, trump), hands, played)
    return _deal_json(profile, dealer, hands, plays, summary, False)


def _declarations_tie(rng: random.Random, profile: Profile) -> dict | None:
    if not profile.declarations:
        return None
    trump = _suit_trump(rng, profile)
    suit_a, suit_b = rng.sample([s for s in range(4) if s != trump], 2)
    top = rng.randrange(2, 8)
    run_a = [card_of(suit_a, r) for r in range(top - 2, top + 1)]
    run_b = [card_of(suit_b, r) for r in range(top - 2, top + 1)]
    rest = [c for c in range(32) if c not in run_a + run_b]
    rng.shuffle(rest)
    # N (index 2) holds one run, E (index 1) the other.
    cards = {2: run_a + rest[:5], 1: run_b + rest[5:10], 0: rest[10:18], 3: rest[18:26]}
    hands = [sum(1 << c for c in cards[i]) for i in range(4)]
    declared = [best_declarations(h, trump, profile) for h in hands]
    if not declared[0] + declared[2] or not declared[1] + declared[3]:
        return None
    if compare(declared[0] + declared[2], declared[1] + declared[3])[0] is not None:
        return None
    dealer = rng.choice(SEATS)
    leader = SEATS.index(next_seat(dealer))
    played = play_random(hands, leader, trump, profile.undertrump, rng)
    summary = summarize(profile, Contract("N", profile.min_bid, trump), hands, played)
    answer = _deal_json(profile, dealer, hands, played.plays, summary, False)
    answer["declared"] = {
        SEATS[i]: [c.as_dict() for c in declared[i]] for i in range(4) if declared[i]
    }
    return answer


def _litige(rng: random.Random, profile: Profile) -> dict | None:
    if not profile.classic:
        return None
    trump = _suit_trump(rng, profile)
    dealer, hands, played = _random_played(rng, profile, trump)
    seat = rng.choice(SEATS)
    summary = summarize(profile, Contract(seat, None, trump), hands, played, classic=True)
    if score_deal(profile, summary).made is not None:
        return None
    return _deal_json(profile, dealer, hands, played.plays, summary, True)


_DEAL_BUILDERS = {
    "fails_by_one_point": _fails_by_one,
    "capot": _capot,
    "declarations_tie": _declarations_tie,
    "litige": _litige,
}


def _relabel(found: dict, mapping: tuple[int, ...]) -> dict:
    """A position's cards swapped for the cards that play their part (``inverted``)."""

    def swap(code: str) -> str:
        return card_code(mapping[parse_card(code)])

    answer = dict(found)
    answer["hands"] = {seat: [swap(c) for c in cards] for seat, cards in found["hands"].items()}
    for key in ("plays", "hand", "legal"):
        answer[key] = [swap(c) for c in found[key]]
    answer["trick"] = [{**entry, "card": swap(entry["card"])} for entry in found["trick"]]
    return answer


def scenario(kind: str, seed: int, profile: object = "federation") -> dict:
    """A JSON-able scenario of ``kind``, the same for the same ``seed`` and ``profile``."""
    if kind not in KINDS:
        raise RulesError("unknown_scenario", value=str(kind))
    profile = coinche_profile(profile)
    if (
        kind in SA_RULES
        and "SA" not in profile.trumps
        or (kind in TA_RULES and "TA" not in profile.trumps)
    ):
        raise RulesError("scenario_not_in_profile", value=kind)
    if (kind == "must_undertrump" and not profile.undertrump) or (
        kind == "may_discard" and profile.undertrump
    ):
        raise RulesError("scenario_not_in_profile", value=kind)
    if (kind == "litige" and not profile.classic) or (
        kind == "declarations_tie" and not profile.declarations
    ):
        raise RulesError("scenario_not_in_profile", value=kind)
    # A whole deal under the inverted order would need its declarations and belote found
    # again on other cards; positions are the normal ones with every card relabelled.
    if profile.inverted and kind in _DEAL_BUILDERS:
        raise RulesError("scenario_not_in_profile", value=kind)
    rng = random.Random(f"{kind}/{seed}/{profile.name}")
    for _ in range(ATTEMPTS):
        if kind in _DEAL_BUILDERS:
            found = _DEAL_BUILDERS[kind](rng, profile)
        else:
            trump = (
                SA if kind in SA_RULES else TA if kind in TA_RULES else _suit_trump(rng, profile)
            )
            found = _position(kind, rng, profile, trump)
            if found is not None and profile.inverted:
                found = _relabel(found, order_map(profile, trump))
        if found is not None:
            return {"kind": kind, "seed": seed, "profile": profile.name, **found}
    raise RulesError("scenario_not_found", value=kind)
