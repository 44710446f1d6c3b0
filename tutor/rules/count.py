"""Counting as a skill: a trick card by card, a deal trick by trick, each side's total.

The counting drills ask these functions for the number to find and for the engine's
sum, term by term, in the order a player adds it up at the table. Every value is the
engine's own (the profile's card points, the last trick's 10 or the capot's 100, the
declarations the comparison leaves to one side, the belote); nothing is counted twice.

>>> from tutor.rules.cards import parse_cards, HEARTS
>>> from tutor.rules.coinche.profiles import FEDERATION
>>> count = count_trick(parse_cards(["AS", "TS", "7S", "JH"]), HEARTS, FEDERATION)
>>> count.points, [step.code for step in count.steps]
(41, ['count_card', 'count_card', 'count_card', 'count_card', 'count_sum'])
>>> from tutor.rules.explain import render
>>> render(count.steps[-1], "en")
'In all: 11 + 10 + 20 = 41 points.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SEATS, card_code
from .chouine.announce import Kind, combination_points
from .chouine.rules import CARD_POINTS as CHOUINE_POINTS
from .chouine.rules import CHOUINE, ChouineProfile
from .coinche.declarations import (
    Combination,
    belote_points,
    compare,
    declaration_steps,
    hand_belotes,
)
from .coinche.profiles import Profile
from .coinche.scoring import CAPOT_BONUS, SIDES, DealSummary
from .coinche.tricks import SA, TA, points_table
from .explain import Step, gettext_noop, messages, ngettext_noop, variants


def _card_case(params: dict) -> str:
    # A card worth nothing has its own sentence: "0 points" reads wrong in several languages.
    return params.get("case", "plain") + ("" if params["points"] else "_zero")


def _sum_case(params: dict) -> str:
    if len(params["addends"]) > 1:
        return "sum"
    return "total" if params["points"] else "nothing"


def _running_case(params: dict) -> str:
    if params["side_winner"] == params["side"]:
        return "taken"
    return "other" if params["points_total"] else "other_none"


messages(
    {
        "count_card": variants(
            _card_case,
            plain=ngettext_noop(
                "%(the_card)s is worth %(points)s point.",
                "%(the_card)s is worth %(points)s points.",
                "points",
            ),
            trump=ngettext_noop(
                "%(the_card)s, a trump, is worth %(points)s point.",
                "%(the_card)s, a trump, is worth %(points)s points.",
                "points",
            ),
            no_trump=ngettext_noop(
                "At no trump, %(the_card)s is worth %(points)s point.",
                "At no trump, %(the_card)s is worth %(points)s points.",
                "points",
            ),
            all_trumps=ngettext_noop(
                "At all trumps, %(the_card)s is worth %(points)s point.",
                "At all trumps, %(the_card)s is worth %(points)s points.",
                "points",
            ),
            plain_zero=gettext_noop("%(the_card)s is worth nothing."),
            trump_zero=gettext_noop("%(the_card)s, a trump, is worth nothing."),
            no_trump_zero=gettext_noop("At no trump, %(the_card)s is worth nothing."),
            all_trumps_zero=gettext_noop("At all trumps, %(the_card)s is worth nothing."),
        ),
        "count_last_trick_bonus": gettext_noop(
            "As the deal's last trick, it brings %(points)s more."
        ),
        # A sum shows its non-zero terms; with one (or none), only the total is left.
        "count_sum": variants(
            _sum_case,
            sum=ngettext_noop(
                "In all: %(addends)s = %(points)s point.",
                "In all: %(addends)s = %(points)s points.",
                "points",
            ),
            total=ngettext_noop(
                "In all: %(points)s point.", "In all: %(points)s points.", "points"
            ),
            nothing=gettext_noop("In all: no points."),
        ),
        "count_running_trick": variants(
            _running_case,
            taken=gettext_noop(
                "Trick %(number)s goes to %(seat)s: %(points)s for %(side)s, "
                "%(points_total)s so far."
            ),
            other=gettext_noop(
                "Trick %(number)s goes to %(seat)s: %(points)s for %(side_winner)s; "
                "%(side)s stay at %(points_total)s."
            ),
            other_none=gettext_noop(
                "Trick %(number)s goes to %(seat)s: %(points)s for %(side_winner)s; "
                "%(side)s still have no points."
            ),
        ),
        "count_running_last": variants(
            lambda params: params["case"],
            taken=gettext_noop(
                "%(side)s won the last trick: %(points)s more, %(points_total)s in all."
            ),
            capot=gettext_noop(
                "%(side)s took every trick: %(points)s for the capot instead of the last "
                "trick's 10, %(points_total)s in all."
            ),
            other=gettext_noop(
                "The last trick went to %(side_winner)s: its %(points)s do not count for %(side)s."
            ),
        ),
        "count_running_none": gettext_noop("%(side)s took no trick: they have no points."),
        "count_side_sum": variants(
            _sum_case,
            sum=gettext_noop("%(side)s: %(addends)s = %(points)s."),
            total=gettext_noop("%(side)s have %(points)s in all."),
            nothing=gettext_noop("%(side)s have no points."),
        ),
        "count_belote_held": variants(
            lambda params: "gold" if params.get("gold") else "plain",
            plain=ngettext_noop(
                "%(seat)s holds the king and queen of trump: belote-rebelote, %(points)s "
                "point for %(side)s, whoever wins the tricks.",
                "%(seat)s holds the king and queen of trump: belote-rebelote, %(points)s "
                "points for %(side)s, whoever wins the tricks.",
                "points",
            ),
            gold=ngettext_noop(
                "%(seat)s holds the kings and queens of every suit: %(points)s point of "
                "belote for %(side)s.",
                "%(seat)s holds the kings and queens of every suit: %(points)s points of "
                "belote for %(side)s.",
                "points",
            ),
        ),
        "count_chouine_announcements": ngettext_noop(
            "The announcements %(of_the_player)s: %(addends)s = %(points)s point.",
            "The announcements %(of_the_player)s: %(addends)s = %(points)s points.",
            "points",
        ),
    }
)


@dataclass(frozen=True)
class Count:
    """A count and the engine's sum of it, term by term."""

    points: int
    steps: list[Step]


def _card_step(card: int, points: int, trump: int) -> Step:
    if trump == SA:
        case = "no_trump"
    elif trump == TA:
        case = "all_trumps"
    else:
        case = "trump" if card >> 3 == trump else "plain"
    return Step("count_card", {"card": card_code(card), "points": points, "case": case})


def count_trick(cards: list[int], trump: int, profile: Profile, last: bool = False) -> Count:
    """A Coinche or Belote trick card by card, at the profile's values under ``trump``;
    with ``last``, the last trick's 10 as a further term."""
    table = points_table(profile, trump)
    values = [table[card] for card in cards]
    steps = [_card_step(card, value, trump) for card, value in zip(cards, values, strict=True)]
    if last:
        values.append(10)
        steps.append(Step("count_last_trick_bonus", {"points": 10}))
    steps.append(_sum(values))
    return Count(sum(values), steps)


def _sum(values: list[int]) -> Step:
    """The closing sum of a count: its non-zero terms, then the total."""
    return Step("count_sum", {"addends": [v for v in values if v], "points": sum(values)})


def count_running(
    profile: Profile, trump: int, tricks: list[tuple[list[int], str]], side: int, last: bool
) -> Count:
    """What ``side`` (0 NS, 1 EW) has counted after each trick of a deal: ``tricks`` are
    ``(cards, winner seat)`` in the order played. With ``last``, the last trick's 10
    (100 for a side that took every trick, as the engine's side totals count it)."""
    table = points_table(profile, trump)
    steps: list[Step] = []
    taken: list[int] = []
    total = 0
    for number, (cards, winner) in enumerate(tricks, 1):
        points = sum(table[card] for card in cards)
        won_by = SEATS.index(winner) & 1
        if won_by == side:
            total += points
            taken.append(points)
        steps.append(
            Step(
                "count_running_trick",
                {
                    "number": number,
                    "seat": winner,
                    "points": points,
                    "side": SIDES[side],
                    "side_winner": SIDES[won_by],
                    "points_total": total,
                },
            )
        )
    if last:
        last_side = SEATS.index(tricks[-1][1]) & 1
        if len(taken) == len(tricks):
            bonus, case = CAPOT_BONUS, "capot"
        elif last_side == side:
            bonus, case = 10, "taken"
        else:
            bonus, case = 0, "other"
        total += bonus
        if bonus:
            taken.append(bonus)
        steps.append(
            Step(
                "count_running_last",
                {
                    "case": case,
                    "side": SIDES[side],
                    "side_winner": SIDES[last_side],
                    "points": bonus or 10,
                    "points_total": total,
                },
            )
        )
    if taken:
        addends = [points for points in taken if points]
        steps.append(
            Step("count_side_sum", {"side": SIDES[side], "addends": addends, "points": total})
        )
    else:
        steps.append(Step("count_running_none", {"side": SIDES[side]}))
    return Count(total, steps)


def count_totals(
    profile: Profile, summary: DealSummary, hands: list[int], declared: list[list[Combination]]
) -> tuple[tuple[int, int], list[Step]]:
    """Each side's total for the deal, before the contract is settled: its card points, the
    last trick's 10 (or the capot's 100), the declarations the comparison leaves it and its
    belote. ``hands`` (bitmasks) and ``declared`` (each hand's best declarations) are in the
    order of :data:`SEATS`; the steps say who declared what, who scores it, who holds the
    belote, then each side's sum."""
    by_seat = {SEATS[i]: combos for i, combos in enumerate(declared) if combos}
    steps: list[Step] = []
    if profile.declarations and by_seat:
        winner = compare(declared[0] + declared[2], declared[1] + declared[3])[0]
        steps += declaration_steps(by_seat, winner)
    for i, hand in enumerate(hands):
        count = hand_belotes(hand, summary.contract.trump, profile)
        if count:
            points = belote_points(count, profile)
            gold = count == 4 and bool(profile.belote_gold)
            params = {"seat": SEATS[i], "side": SIDES[i & 1], "points": points, "gold": gold}
            steps.append(Step("count_belote_held", params))
    side_tricks = (summary.tricks[0] + summary.tricks[2], summary.tricks[1] + summary.tricks[3])
    totals = []
    for s in (0, 1):
        capot = side_tricks[s] == 8
        bonus = CAPOT_BONUS if capot else 10 if summary.last_trick == s else 0
        total = summary.card_points[s] + bonus + summary.declarations[s] + summary.belote[s]
        steps.append(
            Step(
                "side_total_capot" if capot else "side_total",
                {
                    "side": SIDES[s],
                    "points_cards": summary.card_points[s],
                    "points_capot" if capot else "points_last": bonus,
                    "points_declarations": summary.declarations[s],
                    "points_belote": summary.belote[s],
                    "points": total,
                },
            )
        )
        totals.append(total)
    return (totals[0], totals[1]), steps


def count_chouine_trick(cards: list[int], last: bool, profile: ChouineProfile = CHOUINE) -> Count:
    """A Chouine trick card by card (aces 11, tens 10, kings 4, queens 3, jacks 2), with
    the last trick's bonus when ``last``."""
    values = [CHOUINE_POINTS[card] for card in cards]
    steps = [
        Step("count_card", {"card": card_code(card), "points": value})
        for card, value in zip(cards, values, strict=True)
    ]
    if last:
        values.append(profile.last_trick_bonus)
        steps.append(Step("count_last_trick_bonus", {"points": profile.last_trick_bonus}))
    steps.append(_sum(values))
    return Count(sum(values), steps)


def count_chouine_announcements(
    player: str,
    announcements: list[tuple[Kind, int | None]],
    trump: int,
    profile: ChouineProfile = CHOUINE,
) -> Count:
    """The points of one player's announcements, each at its value (doubled in trumps where
    the profile says so), then their sum."""
    steps = []
    values = []
    for kind, suit in announcements:
        value = combination_points(kind, suit, trump, profile)
        values.append(value)
        params: dict = {"player": player, "points": value}
        if suit is not None:
            params["suit"] = "SHDC"[suit]
        steps.append(Step(f"chouine_score_{kind.value}", params))
    total = sum(values)
    if len(values) > 1:
        params = {"player": player, "addends": values, "points": total}
        steps.append(Step("count_chouine_announcements", params))
    return Count(total, steps)
