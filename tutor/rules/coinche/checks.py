"""What a deal entered at the table must satisfy, and the slip that most likely broke it.

Score-keepers at a concours check every deal against what cannot change: the cards of a
deal are worth 152 (162 with the last trick's 10, 252 with a capot's 100), only one side
scores declarations, a belote needs a trump suit. This module checks a score sheet's
entry (the one :func:`tutor.rules.coinche.summary.table_payload` reads, plus the
defence's own count when the table gives it) and, for each thing that cannot be right,
says what and the slip that usually causes it, as engine steps. Nothing here refuses a
deal that could have happened: a side may well take a last trick worth nothing.

>>> from tutor.rules.coinche.profiles import FEDERATION
>>> entry = {"contract": {"seat": "S", "bid": 80, "trump": "H"}, "points": 150,
...          "points_defence": 20, "last_trick": "takers"}
>>> [(slip.field, slip.problem.code, slip.code) for slip in check_entry(entry, FEDERATION)]
[('points_defence', 'check_points_sum', 'slip_jack_value')]
>>> entry["points_defence"] = 2
>>> check_entry(entry, FEDERATION)
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..cards import ACE, JACK, NINE
from ..explain import Step, gettext_noop, messages, ngettext_noop
from ..payload import field, mapping
from .declarations import belote_suits
from .profiles import Profile
from .scoring import CAPOT_BONUS
from .summary import parse_contract, parse_game
from .tricks import SA, hand_points, trump_code

messages(
    {
        "check_points_over": gettext_noop(
            "The takers' card points, %(points)s, are more than a whole deal holds: "
            "%(points_max)s without the last trick."
        ),
        "check_points_sum": ngettext_noop(
            "%(points)s + %(points_defence)s make %(points_total)s card point, but the cards "
            "of a deal add up to %(points_expected)s (%(points_with_last)s with the last trick).",
            "%(points)s + %(points_defence)s make %(points_total)s card points, but the cards "
            "of a deal add up to %(points_expected)s (%(points_with_last)s with the last trick).",
            "points_total",
        ),
        "check_capot_defence": ngettext_noop(
            "The takers took every trick, yet the defence is given %(points)s card point.",
            "The takers took every trick, yet the defence is given %(points)s card points.",
            "points",
        ),
        "check_declarations_both": gettext_noop(
            "Both sides are given declarations, but only one side can score them."
        ),
        "check_declarations_value": gettext_noop(
            "No set of declarations is worth %(points)s under these rules."
        ),
        "check_belote_no_trump": gettext_noop(
            "A deal played %(strain)s has no belote under these rules."
        ),
        "slip_last_trick_in_points": gettext_noop(
            "Likely slip: the 10 of the last trick was counted in with the cards. Give the "
            "card points without it: the last trick has its own choice."
        ),
        "slip_belote_in_points": gettext_noop(
            "Likely slip: the belote's %(points)s were counted in with the cards. Give the "
            "card points alone and choose who held the belote."
        ),
        "slip_last_trick_and_belote_in_points": gettext_noop(
            "Likely slip: the last trick's 10 and the belote's %(points)s were counted in with "
            "the cards. Give the card points alone: both have their own choice."
        ),
        "slip_capot_as_points": gettext_noop(
            "Likely slip: a capot was written as points. Choose who took every trick instead: "
            "the sheet then counts the capot itself."
        ),
        "slip_jack_value": ngettext_noop(
            "Likely slip: the counts are %(points)s point apart, just what a jack counted at the "
            "wrong value makes. The trump jack is worth 20, a jack of another suit 2.",
            "Likely slip: the counts are %(points)s points apart, just what a jack counted at "
            "the wrong value makes. The trump jack is worth 20, a jack of another suit 2.",
            "points",
        ),
        "slip_nine_value": ngettext_noop(
            "Likely slip: the counts are %(points)s point apart, just what a nine counted at the "
            "wrong value makes. The trump nine is worth 14, a nine of another suit nothing.",
            "Likely slip: the counts are %(points)s points apart, just what a nine counted at "
            "the wrong value makes. The trump nine is worth 14, a nine of another suit nothing.",
            "points",
        ),
        "slip_ace_value": ngettext_noop(
            "Likely slip: the counts are %(points)s point apart, just what an ace counted at "
            "its no-trump value makes. Under these rules an ace is worth %(points_no_trump)s "
            "at no trump and 11 otherwise.",
            "Likely slip: the counts are %(points)s points apart, just what an ace counted at "
            "its no-trump value makes. Under these rules an ace is worth %(points_no_trump)s "
            "at no trump and 11 otherwise.",
            "points",
        ),
        "slip_recount": ngettext_noop(
            "The counts are %(points)s point apart: count one side's tricks again, card by card.",
            "The counts are %(points)s points apart: count one side's tricks again, card by card.",
            "points",
        ),
        "slip_recount_takers": gettext_noop(
            "Likely slip: a card counted twice or at the wrong value. Count the takers' tricks "
            "again, card by card."
        ),
        "slip_capot_defence_points": gettext_noop(
            "Likely slip: either the capot or the defence's count is wrong. A side that takes "
            "no trick has no card points."
        ),
        "slip_declarations_both": gettext_noop(
            "Likely slip: the losing side's declarations were written too. Only the side "
            "holding the best declaration scores (on a tie, neither): keep that side's alone."
        ),
        "slip_declarations_value": gettext_noop(
            "Likely slip: a declaration at the wrong value, or the belote added to the "
            "declarations. A tierce is worth 20, a quarte 50, a quinte 100, four of a kind 100 "
            "or more; the belote has its own choice."
        ),
        "slip_belote_no_trump": gettext_noop(
            "Likely slip: the belote is the king and queen of a trump suit, so it cannot be held "
            "without one. Choose no belote."
        ),
    }
)


@dataclass(frozen=True)
class Slip:
    """One thing an entry gets wrong: the field to mark, what cannot be right, and the
    likely slip (``code`` names it, so a page can point to the lesson that teaches it)."""

    field: str
    problem: Step
    slip: Step

    @property
    def code(self) -> str:
        return self.slip.code


@cache
def declaration_totals(profile: Profile, limit: int = 2000) -> frozenset[int]:
    """Every total a side's declarations can reach under ``profile`` (up to ``limit``):
    sums of tierces, quartes, quintes and the profile's carrés."""
    values = {20, 50, 100, *profile.carre_points, *profile.sa_carre_points} - {0}
    reach = {0}
    for total in range(limit + 1):
        if any(total - value in reach for value in values):
            reach.add(total)
    return frozenset(reach)


def _count_slip(
    difference: int, profile: Profile, trump: int, whole: int, both: bool = True
) -> Step:
    """The slip behind counts ``difference`` above (or below) the deal's: both sides'
    counts, or (``both`` false) the takers' alone."""
    size = abs(difference)
    belote = profile.belote
    if difference == 10:
        return Step("slip_last_trick_in_points")
    if difference in (belote, 2 * belote):
        return Step("slip_belote_in_points", {"points": difference})
    if difference == 10 + belote:
        return Step("slip_last_trick_and_belote_in_points", {"points": belote})
    # A capot written as points: the cards and its 100 (252), or the capot's value (250).
    if difference in (CAPOT_BONUS, profile.capot_points - whole):
        return Step("slip_capot_as_points")
    if trump < SA and size == abs(profile.trump_points[JACK] - profile.plain_points[JACK]):
        return Step("slip_jack_value", {"points": size})
    if trump < SA and size == abs(profile.trump_points[NINE] - profile.plain_points[NINE]):
        return Step("slip_nine_value", {"points": size})
    ace = abs(profile.sa_points[ACE] - profile.plain_points[ACE]) if "SA" in profile.trumps else 0
    if ace and size in (ace, 4 * ace):
        return Step("slip_ace_value", {"points": size, "points_no_trump": profile.sa_points[ACE]})
    if not both:
        return Step("slip_recount_takers")
    return Step("slip_recount", {"points": size})


def check_entry(entry: dict, profile: Profile) -> list[Slip]:
    """Each thing in a score sheet's deal ``entry`` that cannot be right, with its likely
    slip; an empty list when the deal could have been played so.

    ``entry`` is a table entry (see ``table_payload``) and may add ``points_defence``, the
    defence's own count of its card points. A malformed contract raises the usual
    :class:`~tutor.rules.errors.RulesError`.
    """
    entry = mapping(entry, "entry")
    classic = parse_game(entry, profile)
    contract = parse_contract(field(entry, "contract"), profile, classic)
    trump = contract.trump
    whole = hand_points(profile, trump)
    sweep = entry.get("sweep")
    points = entry.get("points")
    defence = entry.get("points_defence")
    slips: list[Slip] = []
    if sweep in ("takers", "taker") and defence:
        slips.append(
            Slip(
                "points_defence",
                Step("check_capot_defence", {"points": defence}),
                Step("slip_capot_defence_points"),
            )
        )
    elif sweep is None and isinstance(points, int) and points > whole:
        problem = Step("check_points_over", {"points": points, "points_max": whole})
        slip = _count_slip(points - whole, profile, trump, whole, both=False)
        slips.append(Slip("points", problem, slip))
    elif sweep is None and isinstance(points, int) and isinstance(defence, int):
        total = points + defence
        if total != whole:
            problem = Step(
                "check_points_sum",
                {
                    "points": points,
                    "points_defence": defence,
                    "points_total": total,
                    "points_expected": whole,
                    "points_with_last": whole + 10,
                },
            )
            slips.append(
                Slip("points_defence", problem, _count_slip(total - whole, profile, trump, whole))
            )
    declarations = entry.get("declarations") or {}
    takers, defenders = declarations.get("takers") or 0, declarations.get("defence") or 0
    if takers and defenders:
        slips.append(
            Slip(
                "declarations_defence",
                Step("check_declarations_both"),
                Step("slip_declarations_both"),
            )
        )
    reachable = declaration_totals(profile)
    for name, value in (("declarations_takers", takers), ("declarations_defence", defenders)):
        if value and value % 10 == 0 and value not in reachable:
            slips.append(
                Slip(
                    name,
                    Step("check_declarations_value", {"points": value}),
                    Step("slip_declarations_value"),
                )
            )
    if entry.get("belote") and not belote_suits(trump, profile):
        slips.append(
            Slip(
                "belote",
                Step("check_belote_no_trump", {"trump": trump_code(trump)}),
                Step("slip_belote_no_trump"),
            )
        )
    return slips
