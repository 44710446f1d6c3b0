"""A deal's score under every profile, as an ordered list of steps.

Sides are indexed 0 (North-South) and 1 (East-West); seats follow
:data:`tutor.rules.cards.SEATS` (S E N W), so a seat's side is its index & 1.

The order is always: each side's total, the contract check (before any
rounding), what each side scores, the multiplier, rounding, the deposit.

>>> from tutor.rules.coinche.profiles import FEDERATION
>>> summary = DealSummary(Contract("S", 90, 1), (79, 73), (2, 3, 2, 1), 0)
>>> result = score_deal(FEDERATION, summary, explain=True)
>>> result.scores, result.made
((0, 250), False)
>>> [step.code for step in result.steps][:4]
['side_total', 'side_total', 'contract_needs', 'failed_short']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SEATS
from ..explain import (
    EXTRA_TERMS,
    Step,
    by_multiplier,
    gettext_noop,
    messages,
    ngettext_noop,
    variants,
)
from .profiles import Profile
from .tricks import SA, TA, hand_points, trump_code


def _zero(params: dict) -> str:
    return "zero" if not params["points"] else "some"


def _defence_zero(params: dict) -> str:
    return "none" if not params["points_defence"] else "some"


def _failed_case(params: dict) -> str:
    return "tie" if params["points"] == params["points_defence"] else "behind"


def _rounding(params: dict) -> str:
    return "rounding" if params.get("rounding") else "exact"


def _ten(params: dict) -> str:
    return "ten" if params["step"] == 10 else "other"


def _multiplied_case(params: dict) -> str:
    extras = any(params.get(key) for key in EXTRA_TERMS)
    return by_multiplier(params) + ("_extras" if extras else "")


def _own_case(params: dict) -> str:
    case = params.get("case")
    if case == "declarations" and not params.get("points_base"):
        return "declarations_belote_only" if params.get("points_belote") else "declarations_only"
    return case or _zero(params)


# A coinched score, then the extras that stay unmultiplied: the same sentences whether the
# takers made their contract on their own points or any side's score is multiplied.
_MULTIPLIED_THEN_EXTRAS = variants(
    _multiplied_case,
    coinche=gettext_noop("%(side)s score (%(main_terms)s) × 2 for the coinche = %(points)s."),
    surcoinche=gettext_noop("%(side)s score (%(main_terms)s) × 4 for the surcoinche = %(points)s."),
    coinche_extras=gettext_noop(
        "%(side)s score (%(main_terms)s) × 2 for the coinche, then %(extras)s, "
        "not doubled: %(points)s in all."
    ),
    surcoinche_extras=gettext_noop(
        "%(side)s score (%(main_terms)s) × 4 for the surcoinche, then %(extras)s, "
        "not multiplied: %(points)s in all."
    ),
)

messages(
    {
        "side_total": variants(
            lambda params: "some" if params.get("points_total", params.get("points")) else "none",
            some=gettext_noop("%(side)s: %(sum)s."),
            none=gettext_noop("%(side)s: no points."),
        ),
        "side_total_capot": variants(
            lambda params: "generale" if "seat" in params else "capot",
            capot=gettext_noop("%(side)s took every trick (capot): %(sum)s."),
            # One player alone took the eight tricks: said as such, not as the side's capot.
            generale=gettext_noop(
                "%(seat)s took all eight tricks alone (générale); %(side)s count %(sum)s."
            ),
        ),
        "declarations_aside": gettext_noop(
            "Under this profile declarations do not count towards the contract; they are added "
            "to the score afterwards."
        ),
        "contract_needs": variants(
            _rounding,
            exact=ngettext_noop(
                "%(side)s bid %(contract)s: they need at least %(points_needed)s point and more "
                "than the defence (a tie is not enough).",
                "%(side)s bid %(contract)s: they need at least %(points_needed)s points and more "
                "than the defence (a tie is not enough).",
                "points_needed",
            ),
            rounding=ngettext_noop(
                "%(side)s bid %(contract)s: they need at least %(points_needed)s point and more "
                "than the defence (a tie is not enough), counted before rounding.",
                "%(side)s bid %(contract)s: they need at least %(points_needed)s points and more "
                "than the defence (a tie is not enough), counted before rounding.",
                "points_needed",
            ),
        ),
        "contract_needs_capot": gettext_noop(
            "%(side)s bid capot %(strain)s: they must take all eight tricks."
        ),
        "contract_needs_generale": gettext_noop(
            "%(seat)s bid a générale %(strain)s: they must take all eight tricks alone."
        ),
        "made": variants(
            _defence_zero,
            some=ngettext_noop(
                "Contract made: %(points)s point against %(points_defence)s for the defence.",
                "Contract made: %(points)s points against %(points_defence)s for the defence.",
                "points",
            ),
            none=ngettext_noop(
                "Contract made: %(points)s point, and none for the defence.",
                "Contract made: %(points)s points, and none for the defence.",
                "points",
            ),
        ),
        "made_tricks": gettext_noop("Contract made: every trick was taken as promised."),
        "failed_short": variants(
            _zero,
            some=ngettext_noop(
                "Contract failed: %(points)s point, fewer than the %(points_needed)s needed.",
                "Contract failed: %(points)s points, fewer than the %(points_needed)s needed.",
                "points",
            ),
            zero=gettext_noop(
                "Contract failed: the declarers made no points, and %(points_needed)s were needed."
            ),
        ),
        "made_tie": ngettext_noop(
            "Contract made: %(points)s point each, and under this profile a tie with the "
            "defence is enough.",
            "Contract made: %(points)s points each, and under this profile a tie with the "
            "defence is enough.",
            "points",
        ),
        "contract_needs_tie": variants(
            _rounding,
            exact=ngettext_noop(
                "%(side)s bid %(contract)s: they need at least %(points_needed)s point and no "
                "fewer than the defence.",
                "%(side)s bid %(contract)s: they need at least %(points_needed)s points and no "
                "fewer than the defence.",
                "points_needed",
            ),
            rounding=ngettext_noop(
                "%(side)s bid %(contract)s: they need at least %(points_needed)s point and no "
                "fewer than the defence, counted before rounding.",
                "%(side)s bid %(contract)s: they need at least %(points_needed)s points and no "
                "fewer than the defence, counted before rounding.",
                "points_needed",
            ),
        ),
        "contract_needs_belote": gettext_noop(
            "%(side)s bid a belote capot or générale belotée %(strain)s: besides the tricks, "
            "they must hold the belote."
        ),
        "failed_no_belote": gettext_noop(
            "Contract failed: the tricks were taken but the belote announced with them was not "
            "held."
        ),
        "converted_points": ngettext_noop(
            "%(side)s: %(points)s point of cards and last trick (contract %(strain)s) counts as "
            "%(points_converted)s on the classic scale.",
            "%(side)s: %(points)s points of cards and last trick (contract %(strain)s) count as "
            "%(points_converted)s on the classic scale.",
            "points",
        ),
        "score_made_own_multiplied": _MULTIPLIED_THEN_EXTRAS,
        "score_bid_multiplied": variants(
            _multiplied_case,
            coinche=gettext_noop(
                "%(side)s score %(points_base)s for the tricks, then the contract doubled by "
                "the coinche, %(points_contract)s × 2: %(points)s in all."
            ),
            surcoinche=gettext_noop(
                "%(side)s score %(points_base)s for the tricks, then the contract multiplied "
                "by the surcoinche, %(points_contract)s × 4: %(points)s in all."
            ),
            coinche_extras=gettext_noop(
                "%(side)s score %(points_base)s for the tricks, then the contract doubled by "
                "the coinche, %(points_contract)s × 2, then %(extras)s: %(points)s in all."
            ),
            surcoinche_extras=gettext_noop(
                "%(side)s score %(points_base)s for the tricks, then the contract multiplied "
                "by the surcoinche, %(points_contract)s × 4, then %(extras)s: %(points)s in "
                "all."
            ),
        ),
        "failed_not_ahead": variants(
            _failed_case,
            tie=ngettext_noop(
                "Contract failed: %(points)s point each. A tie is not enough: the declarers "
                "must score more than the defence.",
                "Contract failed: %(points)s points each. A tie is not enough: the declarers "
                "must score more than the defence.",
                "points",
            ),
            behind=ngettext_noop(
                "Contract failed: %(points)s point against %(points_defence)s for the defence, "
                "who score more.",
                "Contract failed: %(points)s points against %(points_defence)s for the defence, "
                "who score more.",
                "points",
            ),
        ),
        "failed_tricks": gettext_noop("Contract failed: the tricks promised were not all taken."),
        "score_made": gettext_noop("%(side)s score %(sum)s."),
        # What the award replaces is said, so that the capot line above (card points + 100)
        # does not read as a second, unused total.
        "score_capot_award": gettext_noop(
            "Every trick was taken: this profile awards %(points_base)s for the tricks, in "
            "place of their card points and the %(points_capot)s for the capot."
        ),
        "score_generale_award": gettext_noop(
            "One player took every trick (générale): this profile awards %(points_base)s for "
            "the tricks, in place of their card points and the %(points_capot)s for the capot."
        ),
        "declarations_pass": ngettext_noop(
            "The declarers took every trick: the defence's declarations, %(points)s point, pass "
            "to them; the defence keeps only its belote.",
            "The declarers took every trick: the defence's declarations, %(points)s points, "
            "pass to them; the defence keeps only its belote.",
            "points",
        ),
        "score_own": variants(
            _own_case,
            # Declarations that did not count towards the contract, said with the sum, so
            # that the total is not larger than the side's line above for no shown reason.
            declarations=gettext_noop(
                "%(side)s score what they made and their declarations: %(sum)s."
            ),
            # No card points made: only the declarations (and any belote) score.
            declarations_only=ngettext_noop(
                "%(side)s made no card points: they score only their declarations, "
                "%(points)s point.",
                "%(side)s made no card points: they score only their declarations, "
                "%(points)s points.",
                "points",
            ),
            declarations_belote_only=gettext_noop(
                "%(side)s made no card points and score only their declarations and belote: "
                "%(sum)s."
            ),
            some=ngettext_noop(
                "%(side)s score their own total, %(points)s point.",
                "%(side)s score their own total, %(points)s points.",
                "points",
            ),
            zero=gettext_noop("%(side)s score nothing."),
        ),
        "score_belote_only": variants(
            _zero,
            some=ngettext_noop(
                "%(side)s keep only their belote, %(points)s point.",
                "%(side)s keep only their belote, %(points)s points.",
                "points",
            ),
            zero=gettext_noop("%(side)s score nothing."),
        ),
        "score_all": gettext_noop("%(side)s score %(sum)s."),
        # 002 line 128: the side that loses the deal still adds its own declarations.
        "score_kept": variants(
            lambda params: "belote" if params.get("points_belote") else "declarations",
            declarations=ngettext_noop(
                "%(side)s keep their own declarations, %(points)s point.",
                "%(side)s keep their own declarations, %(points)s points.",
                "points",
            ),
            belote=gettext_noop("%(side)s keep their own declarations and belote: %(sum)s."),
        ),
        "score_multiplied": variants(
            by_multiplier,
            coinche=gettext_noop("%(side)s score (%(terms)s) × 2 for the coinche = %(points)s."),
            surcoinche=gettext_noop(
                "%(side)s score (%(terms)s) × 4 for the surcoinche = %(points)s."
            ),
        ),
        "score_multiplied_then_extras": _MULTIPLIED_THEN_EXTRAS,
        "score_bid_only": variants(
            by_multiplier,
            plain=gettext_noop(
                "Only the bid is scored: %(side)s win the deal and score the contract, "
                "%(points)s; card points, declarations and belote score nothing."
            ),
            coinche=gettext_noop(
                "Only the bid is scored: %(side)s win the deal and score the contract, "
                "%(points_contract)s, doubled by the coinche: %(points)s; card points, "
                "declarations and belote score nothing."
            ),
            surcoinche=gettext_noop(
                "Only the bid is scored: %(side)s win the deal and score the contract, "
                "%(points_contract)s, multiplied by four by the surcoinche: %(points)s; card "
                "points, declarations and belote score nothing."
            ),
        ),
        "rounded": variants(
            _ten,
            ten=gettext_noop(
                "%(side)s: %(points)s rounded to the nearest ten is %(points_rounded)s."
            ),
            other=gettext_noop(
                "%(side)s: %(points)s rounded to the nearest multiple of %(step)s is "
                "%(points_rounded)s."
            ),
        ),
        "classic_ahead": gettext_noop(
            "The taker's side, %(side)s, is ahead (%(points)s to %(points_defence)s): each side "
            "scores its own points."
        ),
        "classic_dedans": gettext_noop(
            "The taker's side, %(side)s, is behind (%(points)s to %(points_defence)s): dedans. "
            "The defence scores %(sum)s."
        ),
        "classic_litige": ngettext_noop(
            "A perfect tie at %(points)s each: litige. The defence scores its own points; "
            "the taker's %(points_deposit)s point is held in deposit.",
            "A perfect tie at %(points)s each: litige. The defence scores its own points; "
            "the taker's %(points_deposit)s points are held in deposit.",
            "points_deposit",
        ),
        "deposit_won": ngettext_noop(
            "%(side)s win this deal and take the %(points)s point held in deposit.",
            "%(side)s win this deal and take the %(points)s points held in deposit.",
            "points",
        ),
        "deposit_kept": ngettext_noop(
            "%(points)s point stays in deposit for the next deal.",
            "%(points)s points stay in deposit for the next deal.",
            "points",
        ),
        "final_scores": gettext_noop(
            "Deal score: North-South %(points_ns)s, East-West %(points_ew)s."
        ),
    }
)

SIDES = ("NS", "EW")
CAPOTS = ("capot", "capotbelote")
GENERALES = ("generale", "generalebelote")
# What taking every trick adds to the card points, where no award replaces them (000).
CAPOT_BONUS = 100
# 002 lines 179-181: classic points 10..160 and their equivalents in all trumps / no trump.
CLASSIC_SCALE = tuple(range(10, 170, 10))
TA_SCALE = (17, 34, 49, 66, 81, 98, 113, 128, 145, 160, 177, 192, 209, 224, 241, 248)
SA_SCALE = (9, 17, 25, 33, 41, 49, 57, 65, 73, 81, 89, 97, 105, 113, 121, 130)


def convert(points: int, trump: int, profile: Profile, last: int) -> int:
    """A side's no-trump or all-trump points on the classic scale (``sa_ta_count``).

    ``points`` are card points counted at classic values, ``last`` the side's 10 (or 100 on
    capot). 002 gives a coefficient (lines 59, 75), a table (177-181) or × 2/3 for all trumps
    without the last trick's 10 (184); numbers between the table's columns go to the nearest
    column (the upper one when halfway), 0 stays 0.

    >>> from tutor.rules.coinche.profiles import make_profile
    >>> convert(60, SA, make_profile("encyclopedia", sa_ta_count="coefficient"), 10)
    86
    >>> convert(113, TA, make_profile("encyclopedia", sa_ta_count="table"), 10)
    80
    >>> convert(150, TA, make_profile("encyclopedia", sa_ta_count="two_thirds"), 10)
    100
    """
    mode = profile.sa_ta_count
    if mode == "coefficient":
        whole = 120 if trump == SA else 248
        return (points * 304 + whole) // (2 * whole) + last
    if mode == "two_thirds" and trump == TA:
        return (points * 2 + 1) // 3 + (last if last == 100 else 0)
    if mode == "table":
        capot = last == 100
        raw = points + (10 if last else 0)
        scale = SA_SCALE if trump == SA else TA_SCALE
        columns = [(0, 0), *zip(CLASSIC_SCALE, scale, strict=True)]
        best = min(columns, key=lambda column: (abs(raw - column[1]), -column[0]))[0]
        return best + (90 if capot else 0)
    return points + last


@dataclass(frozen=True)
class Contract:
    """Who took the contract, for what, in which trump, doubled or not.

    ``bid`` is a number, ``"capot"``, ``"generale"``, or ``None`` for classic
    Belote (the taker chose trump, no auction).
    """

    seat: str
    bid: int | str | None
    trump: int
    double: int = 1

    @property
    def side(self) -> int:
        return SEATS.index(self.seat) & 1

    def as_dict(self) -> dict:
        return {
            "seat": self.seat,
            "bid": self.bid,
            "trump": trump_code(self.trump),
            "double": self.double,
        }


@dataclass(frozen=True)
class DealSummary:
    """What scoring needs to know about a played deal.

    ``card_points`` per side, without the last-trick bonus; ``tricks`` per
    seat in S E N W order; ``last_trick`` the side that took it;
    ``declarations`` each side's valid common declarations after the
    comparison; ``belote`` each side's belote points.
    """

    contract: Contract
    card_points: tuple[int, int]
    tricks: tuple[int, int, int, int]
    last_trick: int
    declarations: tuple[int, int] = (0, 0)
    belote: tuple[int, int] = (0, 0)
    deposit: int = 0
    classic: bool = False


@dataclass
class DealScore:
    """Each side's deal score, whether the contract was made, what stays in deposit."""

    scores: tuple[int, int]
    made: bool | None
    deposit: int = 0
    steps: list[Step] = field(default_factory=list)


def round_half_up(points: int, step: int) -> int:
    """Nearest multiple of ``step``, halves up (85 -> 90, 84 -> 80); ``step`` 0 keeps it.

    >>> round_half_up(85, 10), round_half_up(84, 10), round_half_up(252, 10), round_half_up(7, 0)
    (90, 80, 250, 7)
    """
    if not step:
        return points
    return (points + step // 2) // step * step


def score_deal(profile: Profile, summary: DealSummary, explain: bool = False) -> DealScore:
    """The deal's score, with the steps that produce it when ``explain``."""
    steps: list[Step] | None = [] if explain else None
    c = summary.contract
    ds = c.side
    fs = 1 - ds
    t = summary.tricks
    side_tricks = (t[0] + t[2], t[1] + t[3])
    capot = 0 if side_tricks[0] == 8 else 1 if side_tricks[1] == 8 else None
    cards = summary.card_points
    decl = summary.declarations
    bel = summary.belote
    bonus = [0, 0]
    if capot is None:
        bonus[summary.last_trick] = 10
    else:
        bonus[capot] = CAPOT_BONUS
    counted = decl if profile.declarations_count else (0, 0)
    scaled = [cards[s] + bonus[s] for s in (0, 1)]
    trump = summary.contract.trump
    if profile.sa_ta_count != "points" and trump in (SA, TA) and not summary.classic:
        scaled = [convert(cards[s], trump, profile, bonus[s]) for s in (0, 1)]
    totals = (scaled[0] + counted[0] + bel[0], scaled[1] + counted[1] + bel[1])
    if steps is not None:
        alone = next((SEATS[i] for i in range(4) if t[i] == 8), None)
        for s in (0, 1):
            steps.append(
                Step(
                    "side_total_capot" if capot == s else "side_total",
                    {
                        **({"seat": alone} if capot == s and alone else {}),
                        "side": SIDES[s],
                        "points_cards": cards[s],
                        "points_capot" if capot == s else "points_last": bonus[s],
                        "points_declarations": counted[s],
                        "points_belote": bel[s],
                        "points": cards[s] + bonus[s] + counted[s] + bel[s],
                    },
                )
            )
            if scaled[s] != cards[s] + bonus[s]:
                steps.append(
                    Step(
                        "converted_points",
                        {
                            "side": SIDES[s],
                            "trump": trump_code(trump),
                            "points": cards[s] + bonus[s],
                            "points_converted": scaled[s],
                        },
                    )
                )
        if not profile.declarations_count and (decl[0] or decl[1]):
            steps.append(Step("declarations_aside"))
    if summary.classic:
        scores, made, winner, deposit = _classic(profile, summary, totals, bonus, capot, steps)
    else:
        scores, made = _coinche(profile, summary, totals, scaled, capot, steps)
        winner = ds if made else fs
        deposit = summary.deposit
    if winner is not None and deposit:
        scores[winner] += deposit
        if steps is not None:
            steps.append(Step("deposit_won", {"side": SIDES[winner], "points": deposit}))
        deposit = 0
    elif deposit and steps is not None:
        steps.append(Step("deposit_kept", {"points": deposit}))
    if steps is not None:
        steps.append(Step("final_scores", {"points_ns": scores[0], "points_ew": scores[1]}))
    return DealScore((scores[0], scores[1]), made, deposit, steps or [])


def _classic(profile, summary, totals, bonus, capot, steps):
    ds = summary.contract.side
    fs = 1 - ds
    bel = summary.belote
    decl = summary.declarations
    deposit = summary.deposit
    scores = [0, 0]
    if totals[ds] > totals[fs]:
        scores[ds], scores[fs] = totals[ds], totals[fs]
        made, winner = True, ds
        if steps is not None:
            steps.append(
                Step(
                    "classic_ahead",
                    {"side": SIDES[ds], "points": totals[ds], "points_defence": totals[fs]},
                )
            )
    elif totals[ds] < totals[fs]:
        whole = hand_points(profile, summary.contract.trump) + (10 if capot is None else 100)
        scores[fs] = whole + decl[0] + decl[1] + bel[fs]
        scores[ds] = bel[ds]
        made, winner = False, fs
        if steps is not None:
            steps.append(
                Step(
                    "classic_dedans",
                    {
                        "side": SIDES[ds],
                        "points": totals[ds],
                        "points_defence": totals[fs],
                        "points_hand": whole,
                        "points_declarations": decl[fs],
                        "points_declarations_declarers": decl[ds],
                        "points_belote": bel[fs],
                        "points_total": scores[fs],
                    },
                )
            )
            steps.append(Step("score_belote_only", {"side": SIDES[ds], "points": bel[ds]}))
    else:
        scores[fs] = totals[fs]
        scores[ds] = bel[ds]
        deposit += totals[ds] - bel[ds]
        made, winner = None, None
        if steps is not None:
            steps.append(
                Step(
                    "classic_litige",
                    {"points": totals[ds], "points_deposit": totals[ds] - bel[ds]},
                )
            )
            steps.append(Step("score_belote_only", {"side": SIDES[ds], "points": bel[ds]}))
    return scores, made, winner, deposit


def _contract_value(profile: Profile, bid: int | str) -> int:
    # 002 line 165: a belote capot / générale belotée scores as much as a capot / générale.
    if bid in CAPOTS:
        return profile.capot_points
    if bid in GENERALES:
        return profile.generale
    return bid


def _coinche(profile, summary, totals, scaled, capot, steps):
    c = summary.contract
    ds = c.side
    fs = 1 - ds
    taker = SEATS.index(c.seat)
    t = summary.tricks
    decl = summary.declarations
    bel = summary.belote
    value = _contract_value(profile, c.bid)
    trump = trump_code(c.trump)
    if c.bid in CAPOTS or c.bid in GENERALES:
        tricks_made = capot == ds if c.bid in CAPOTS else t[taker] == 8
        belote_missing = c.bid.endswith("belote") and not bel[ds]
        made = tricks_made and not belote_missing
        if steps is not None:
            if c.bid in CAPOTS:
                steps.append(Step("contract_needs_capot", {"side": SIDES[ds], "trump": trump}))
            else:
                steps.append(Step("contract_needs_generale", {"seat": c.seat, "trump": trump}))
            if c.bid.endswith("belote"):
                steps.append(Step("contract_needs_belote", {"side": SIDES[ds], "trump": trump}))
            if not tricks_made:
                steps.append(Step("failed_tricks"))
            else:
                steps.append(Step("failed_no_belote" if belote_missing else "made_tricks"))
    else:
        need = c.bid + profile.contract_margin
        # 002 line 116 wants strictly more than the defence; line 152 only "not fewer".
        ahead = totals[ds] >= totals[fs] if profile.tie_made else totals[ds] > totals[fs]
        made = totals[ds] >= need and ahead
        if steps is not None:
            steps.append(
                Step(
                    "contract_needs_tie" if profile.tie_made else "contract_needs",
                    {
                        "side": SIDES[ds],
                        "bid": c.bid,
                        "trump": trump,
                        "points_needed": need,
                        "rounding": profile.round_to,
                    },
                )
            )
            numbers = {
                "points": totals[ds],
                "points_needed": need,
                "points_defence": totals[fs],
            }
            if made and totals[ds] == totals[fs]:
                steps.append(Step("made_tie", numbers))
            elif made:
                steps.append(Step("made", numbers))
            elif totals[ds] < need:
                steps.append(Step("failed_short", numbers))
            else:
                steps.append(Step("failed_not_ahead", numbers))
    mult = c.double
    scores = [0, 0]
    if profile.score_bid_only:
        # The contract's value is already on the profile's steps: nothing to round.
        winner = ds if made else fs
        scores[winner] = value * mult
        if steps is not None:
            steps.append(
                Step(
                    "score_bid_only",
                    {
                        "side": SIDES[winner],
                        "points_contract": value,
                        "multiplier": mult,
                        "points": scores[winner],
                    },
                )
            )
        return scores, made
    if made:
        generale = (
            profile.generale
            and (profile.generale_unannounced or c.bid in GENERALES)
            and (t[taker] == 8 or t[taker ^ 2] == 8)
        )
        own_points = mult == 1 or profile.coinche_doubles != "fall"
        whole = False
        if generale:
            base = profile.generale
        elif capot == ds and (mult > 1 or profile.capot_replaces_total):
            base = profile.capot_points
        elif not own_points:
            base, whole = profile.fall_points, True
        else:
            # 002 line 118: the points made are rounded, then the contract is added.
            base = scaled[ds]
            if mult > 1:
                base = round_half_up(base, profile.round_to)
        if steps is not None and generale:
            award = {"points_base": base, "points_capot": CAPOT_BONUS}
            steps.append(Step("score_generale_award", award))
        elif steps is not None and capot == ds and base == profile.capot_points:
            award = {"points_base": base, "points_capot": CAPOT_BONUS}
            steps.append(Step("score_capot_award", award))
        if mult == 1:
            passes = capot == ds and profile.capot_takes_declarations
            own = decl[ds] + (decl[fs] if passes else 0)
            scores[ds] = base + own + bel[ds] + value
            scores[fs] = scaled[fs] + (0 if passes else decl[fs]) + bel[fs]
            if steps is not None:
                if passes and decl[fs]:
                    steps.append(Step("declarations_pass", {"points": decl[fs]}))
                steps.append(
                    Step(
                        "score_made",
                        {
                            "side": SIDES[ds],
                            "points_base": base,
                            "points_declarations": own,
                            "points_belote": bel[ds],
                            "points_contract": value,
                            "points": scores[ds],
                        },
                    )
                )
                own_params = {"side": SIDES[fs], "points": scores[fs]}
                if decl[fs] and not passes and not profile.declarations_count:
                    own_params.update(
                        case="declarations",
                        points_base=scaled[fs],
                        points_declarations=decl[fs],
                        points_belote=bel[fs],
                    )
                steps.append(Step("score_own", own_params))
        elif profile.coinche_doubles != "fall":
            won = _declarations_won(profile, decl, ds, "points_declarations_defence")
            scores[ds] = _own_multiplied(profile, ds, base, value, won, bel[ds], mult, steps)
            scores[fs] = _kept(profile, decl, bel, fs, steps)
        else:
            won = _declarations_won(profile, decl, ds, "points_declarations_defence")
            scores[ds] = _multiplied(profile, ds, base, value, won, bel[ds], mult, steps, whole)
            scores[fs] = _kept(profile, decl, bel, fs, steps)
    else:
        if c.bid in CAPOTS:
            base = profile.failed_capot_points
        elif c.bid in GENERALES and profile.failed_generale == "award":
            base = profile.generale
        else:
            base = profile.fall_points
        won = _declarations_won(profile, decl, fs, "points_declarations_declarers")
        if profile.coinche_doubles == "bid" and mult > 1:
            scores[fs] = _own_multiplied(
                profile, fs, base, value, won, bel[fs], mult, steps, whole=True
            )
        else:
            scores[fs] = _multiplied(profile, fs, base, value, won, bel[fs], mult, steps, True)
        scores[ds] = _kept(profile, decl, bel, ds, steps)
    if profile.round_to:
        for s in (0, 1):
            rounded = round_half_up(scores[s], profile.round_to)
            if steps is not None and rounded != scores[s]:
                steps.append(
                    Step(
                        "rounded",
                        {
                            "side": SIDES[s],
                            "points": scores[s],
                            "step": profile.round_to,
                            "points_rounded": rounded,
                        },
                    )
                )
            scores[s] = rounded
    return scores, made


def _declarations_won(profile: Profile, decl: tuple[int, int], side: int, other: str) -> dict:
    """The declarations the deal's winner ``side`` adds, as the step's labelled terms: its
    own, and the other side's under ``other`` (the term that says whose they were), which
    pass to it (000, 003, 004); or only its own where each side keeps its own (002 line 128)."""
    if profile.declarations_kept:
        return {"points_declarations": decl[side]}
    return {"points_declarations": decl[side], other: decl[1 - side]}


def _kept(profile: Profile, decl: tuple[int, int], bel: tuple[int, int], side: int, steps):
    """What the side that loses the deal keeps: its belote, and its own declarations where
    each side keeps its own (002 line 128)."""
    declarations = decl[side] if profile.declarations_kept else 0
    points = bel[side] + declarations
    if steps is not None:
        if declarations:
            params = {"side": SIDES[side], "points_declarations": declarations}
            params.update(points_belote=bel[side], points=points)
            steps.append(Step("score_kept", params))
        else:
            steps.append(Step("score_belote_only", {"side": SIDES[side], "points": points}))
    return points


def _multiplied(profile, side, base, value, won, belote, mult, steps, whole=False):
    """The winning side's score when it takes everything: base, contract, the declarations
    it wins (``won``, from :func:`_declarations_won`). ``whole``: the base is the award for
    the whole hand (160, 162, 250…), not points the side made."""
    declarations = sum(won.values())
    base_term = {"points_hand" if whole else "points_base": base}
    if mult == 1:
        points = base + value + declarations + belote
        if steps is not None:
            steps.append(
                Step(
                    "score_all",
                    {
                        "side": SIDES[side],
                        **base_term,
                        "points_contract": value,
                        **won,
                        "points_belote": belote,
                        "points": points,
                    },
                )
            )
        return points
    if profile.multiply_extras:
        points = (base + value + declarations + belote) * mult
        if steps is not None:
            steps.append(
                Step(
                    "score_multiplied",
                    {
                        "side": SIDES[side],
                        **base_term,
                        "points_contract": value,
                        "points_extra": declarations + belote,
                        "multiplier": mult,
                        "points": points,
                    },
                )
            )
        return points
    points = (base + value) * mult + declarations + belote
    if steps is not None:
        steps.append(
            Step(
                "score_multiplied_then_extras",
                {
                    "side": SIDES[side],
                    **base_term,
                    "points_contract": value,
                    "multiplier": mult,
                    **won,
                    "points_belote": belote,
                    "points": points,
                },
            )
        )
    return points


def _own_multiplied(profile, side, base, value, won, belote, mult, steps, whole=False):
    """A coinched contract's winner under ``coinche_doubles`` "own" (002 line 126: the
    winner's points and the contract, multiplied) or "bid" (002 line 172: the contract
    alone multiplied); the declarations it wins and its belote added unmultiplied."""
    declarations = sum(won.values())
    if profile.coinche_doubles == "bid":
        points = base + value * mult + declarations + belote
        code = "score_bid_multiplied"
    else:
        points = (base + value) * mult + declarations + belote
        code = "score_made_own_multiplied"
    # The bid-only sentence names the tricks' points itself; a sum labels the whole hand.
    base_key = "points_hand" if whole and code != "score_bid_multiplied" else "points_base"
    if steps is not None:
        steps.append(
            Step(
                code,
                {
                    "side": SIDES[side],
                    base_key: base,
                    "points_contract": value,
                    "multiplier": mult,
                    **won,
                    "points_belote": belote,
                    "points": points,
                },
            )
        )
    return points
