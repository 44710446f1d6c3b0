"""Chouine scoring: the deal, the cut for the first dealer, and the match.

A deal without chouine is worth the card points each player captured, 10 for
the last trick and the announcements; the higher total wins the deal and a tie
wins nobody (the same dealer deals again). A chouine wins the deal without
counting. The first to win 3 decisive deals wins the match; points never carry
over. Seed 001's example, where an announcement turns the deal round:

>>> from tutor.rules.cards import HEARTS, parse_card
>>> from tutor.rules.chouine.announce import Kind
>>> result = score_deal({"A": 60, "B": 60}, "A",
...     {"A": [(Kind.MARRIAGE, 2)], "B": [(Kind.MARRIAGE, HEARTS)]}, trump=HEARTS)
>>> result.scores, result.winner
({'A': 90, 'B': 100}, 'B')
>>> cut_for_dealer([(parse_card("9S"), parse_card("9H")), (parse_card("AC"), parse_card("7D"))])[0]
'B'
>>> match_progress("A", ["B", None, "A", "B", "B"]).winner
'B'
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import SUITS, card_code
from ..errors import RulesError
from ..explain import Step, counted, gettext_noop, messages, ngettext_noop
from .announce import Kind, combination_points
from .rules import CARD_POINTS, CARD_STRENGTH, CHOUINE, DECK_POINTS, PLAYERS, ChouineProfile

messages(
    {
        "chouine_bad_player": gettext_noop('"%(value)s" is not a Chouine player: use A or B.'),
        "chouine_card_points_total": gettext_noop(
            "The card points must add up to %(expected)s, not %(total)s."
        ),
        "chouine_card_points_impossible": ngettext_noop(
            "No set of cards is worth exactly %(points)s point.",
            "No set of cards is worth exactly %(points)s points.",
            "points",
        ),
        "chouine_suit_twice": gettext_noop(
            "Two combinations in %(suit)s: only one may be announced per suit in a deal."
        ),
        "chouine_quinte_twice": gettext_noop("Two quintes: only one may be announced per deal."),
        "chouine_chouine_not_counted": gettext_noop(
            "A chouine is not counted with the announcements: it wins the deal, "
            'so give its player as "chouine".'
        ),
        "chouine_score_chouine": gettext_noop(
            "%(the_player)s won the deal with a chouine; the cards are not counted."
        ),
        "chouine_score_cards": counted(
            some=ngettext_noop(
                "%(the_player)s captured %(points)s card point.",
                "%(the_player)s captured %(points)s card points.",
                "points",
            ),
            none=gettext_noop("%(the_player)s captured no card points."),
        ),
        "chouine_score_last_trick": ngettext_noop(
            "%(the_player)s won the last trick: %(points)s more point.",
            "%(the_player)s won the last trick: %(points)s more points.",
            "points",
        ),
        "chouine_score_marriage": ngettext_noop(
            "%(the_player)s adds %(points)s point for the marriage in %(suit)s.",
            "%(the_player)s adds %(points)s points for the marriage in %(suit)s.",
            "points",
        ),
        "chouine_score_tierce": ngettext_noop(
            "%(the_player)s adds %(points)s point for the tierce in %(suit)s.",
            "%(the_player)s adds %(points)s points for the tierce in %(suit)s.",
            "points",
        ),
        "chouine_score_quateron": ngettext_noop(
            "%(the_player)s adds %(points)s point for the quateron in %(suit)s.",
            "%(the_player)s adds %(points)s points for the quateron in %(suit)s.",
            "points",
        ),
        "chouine_score_quinte": ngettext_noop(
            "%(the_player)s adds %(points)s point for the quinte of brisques.",
            "%(the_player)s adds %(points)s points for the quinte of brisques.",
            "points",
        ),
        "chouine_score_total": counted(
            some=ngettext_noop(
                "%(the_player)s totals %(points)s point.",
                "%(the_player)s totals %(points)s points.",
                "points",
            ),
            none=gettext_noop("%(the_player)s ends the deal with no points."),
        ),
        "chouine_deal_won": ngettext_noop(
            "%(the_player)s wins the deal, %(points)s point to %(points_other)s.",
            "%(the_player)s wins the deal, %(points)s points to %(points_other)s.",
            "points",
        ),
        "chouine_deal_tied": ngettext_noop(
            "Both players total %(points)s point: nobody wins the deal, "
            "and the same dealer deals again.",
            "Both players total %(points)s points: nobody wins the deal, "
            "and the same dealer deals again.",
            "points",
        ),
        "chouine_cut_tie": gettext_noop(
            "%(the_card_a)s and %(the_card_b)s are of the same rank: both players draw again."
        ),
        "chouine_cut_dealer": gettext_noop(
            "%(the_player)s drew the lower card (%(the_card_low)s against %(the_card_high)s) "
            "and deals first."
        ),
        "chouine_cut_unfinished": gettext_noop(
            "The draws end on a tie: the cut needs another draw."
        ),
        "chouine_cut_extra": gettext_noop(
            "The cut was settled at draw %(number)s; later draws are not part of it."
        ),
        # A deal is named as the sentence says it (the_deal: "deal 2", "la deuxième donne").
        "chouine_match_deal_won": ngettext_noop(
            "%(the_deal)s goes to %(the_player)s, who has now won %(wins)s deal; "
            "%(the_player_dealer)s deals next.",
            "%(the_deal)s goes to %(the_player)s, who has now won %(wins)s deals; "
            "%(the_player_dealer)s deals next.",
            "wins",
        ),
        # The deal that wins the match: nobody deals next.
        "chouine_match_deal_won_last": gettext_noop("%(the_deal)s goes to %(the_player)s."),
        "chouine_match_deal_tied": gettext_noop(
            "%(the_deal)s is tied: it counts for nobody and %(the_player_dealer)s deals again."
        ),
        "chouine_match_won": ngettext_noop(
            "%(the_player)s has won %(wins)s deal: the match is over.",
            "%(the_player)s has won %(wins)s deals: the match is over.",
            "wins",
        ),
        "chouine_match_goes_on": ngettext_noop(
            "Nobody has won %(deals)s deal yet: the match goes on.",
            "Nobody has won %(deals)s deals yet: the match goes on.",
            "deals",
        ),
        "chouine_match_over": gettext_noop(
            "The match was already won %(at_the_deal)s; no later deal counts."
        ),
    }
)


def _reachable_sums() -> int:
    reach = 1
    for points in CARD_POINTS:
        reach |= reach << points
    return reach


# Bit n is set when some set of cards is worth exactly n points (no hand is worth 1 or 119).
REACHABLE_POINTS = _reachable_sums()


def parse_player(value: object) -> str:
    if not isinstance(value, str) or value.upper() not in ("A", "B"):
        raise RulesError("chouine_bad_player", value=str(value))
    return value.upper()


def other(player: str) -> str:
    return "B" if player == "A" else "A"


class DealScore(NamedTuple):
    scores: dict[str, int] | None
    winner: str | None
    steps: list[Step]


def score_deal(
    card_points: dict[str, int] | None,
    last_trick: str | None,
    announcements: dict[str, list[tuple[Kind, int | None]]],
    trump: int,
    chouine: str | None = None,
    profile: ChouineProfile = CHOUINE,
) -> DealScore:
    """The totals and the winner of a deal, step by step (``scores`` is None after a chouine).

    ``card_points`` are without the last-trick bonus and add up to 120.
    """
    if chouine is not None:
        return DealScore(None, chouine, [Step("chouine_score_chouine", {"player": chouine})])
    total = sum(card_points.values())
    if total != DECK_POINTS:
        raise RulesError("chouine_card_points_total", total=total, expected=DECK_POINTS)
    for points in card_points.values():
        if not REACHABLE_POINTS >> points & 1:
            raise RulesError("chouine_card_points_impossible", points=points)
    used_suits = 0
    quintes = 0
    for made in announcements.values():
        for kind, suit in made:
            if kind is Kind.CHOUINE:
                raise RulesError("chouine_chouine_not_counted")
            if kind is Kind.QUINTE:
                quintes += 1
                if quintes > 1:
                    raise RulesError("chouine_quinte_twice")
            elif suit is None:
                raise RulesError("chouine_suit_needed", announcement=kind.value)
            elif used_suits >> suit & 1:
                raise RulesError("chouine_suit_twice", suit=SUITS[suit])
            else:
                used_suits |= 1 << suit
    steps = []
    scores = {}
    for player in PLAYERS:
        points = card_points[player]
        steps.append(Step("chouine_score_cards", {"player": player, "points": points}))
        if last_trick == player:
            points += profile.last_trick_bonus
            steps.append(
                Step(
                    "chouine_score_last_trick",
                    {"player": player, "points": profile.last_trick_bonus},
                )
            )
        for kind, suit in announcements.get(player, ()):
            value = combination_points(kind, suit, trump, profile)
            points += value
            params: dict = {"player": player, "points": value}
            if suit is not None:
                params["suit"] = SUITS[suit]
            steps.append(Step(f"chouine_score_{kind.value}", params))
        steps.append(Step("chouine_score_total", {"player": player, "points": points}))
        scores[player] = points
    if scores["A"] == scores["B"]:
        steps.append(Step("chouine_deal_tied", {"points": scores["A"]}))
        return DealScore(scores, None, steps)
    winner = "A" if scores["A"] > scores["B"] else "B"
    steps.append(
        Step(
            "chouine_deal_won",
            {"player": winner, "points": scores[winner], "points_other": scores[other(winner)]},
        )
    )
    return DealScore(scores, winner, steps)


def cut_for_dealer(draws: list[tuple[int, int]]) -> tuple[str, list[Step]]:
    """Who deals first: each draw is ``(card of A, card of B)``; the lower rank deals, ties redraw.

    Ranks follow Chouine's order (the 7 lowest, then 8 9 J Q K 10 A).
    """
    steps = []
    for number, (card_a, card_b) in enumerate(draws, 1):
        if card_a == card_b:
            raise RulesError("duplicate_card", card=card_code(card_a))
        if steps and steps[-1].code == "chouine_cut_dealer":
            raise RulesError("chouine_cut_extra", number=number - 1)
        if CARD_STRENGTH[card_a] == CARD_STRENGTH[card_b]:
            steps.append(
                Step("chouine_cut_tie", {"card_a": card_code(card_a), "card_b": card_code(card_b)})
            )
            continue
        dealer, low, high = ("A", card_a, card_b)
        if CARD_STRENGTH[card_b] < CARD_STRENGTH[card_a]:
            dealer, low, high = ("B", card_b, card_a)
        params = {"player": dealer, "card_low": card_code(low), "card_high": card_code(high)}
        steps.append(Step("chouine_cut_dealer", params))
    if not steps or steps[-1].code != "chouine_cut_dealer":
        raise RulesError("chouine_cut_unfinished")
    return steps[-1].params["player"], steps


class MatchState(NamedTuple):
    wins: dict[str, int]
    dealer: str
    winner: str | None
    steps: list[Step]


def match_progress(
    first_dealer: str, results: list[str | None], profile: ChouineProfile = CHOUINE
) -> MatchState:
    """The match after the deals in ``results`` (each the deal's winner, None for a tie).

    The dealer changes after a decisive deal and deals again after a tie.
    """
    wins = {"A": 0, "B": 0}
    dealer = first_dealer
    winner = None
    steps = []
    for number, result in enumerate(results, 1):
        if winner is not None:
            raise RulesError("chouine_match_over", number=number - 1)
        if result is None:
            steps.append(
                Step("chouine_match_deal_tied", {"number": number, "player_dealer": dealer})
            )
            continue
        wins[result] += 1
        dealer = other(dealer)
        if wins[result] == profile.deals_to_win_match:
            # The match is over: no next dealer to name (the dealer still passes, as after
            # any decisive deal, for whoever starts a new match from here).
            winner = result
            steps.append(Step("chouine_match_deal_won_last", {"number": number, "player": result}))
            steps.append(Step("chouine_match_won", {"player": result, "wins": wins[result]}))
            continue
        params = {"number": number, "player": result, "wins": wins[result], "player_dealer": dealer}
        steps.append(Step("chouine_match_deal_won", params))
    if winner is None:
        steps.append(Step("chouine_match_goes_on", {"deals": profile.deals_to_win_match}))
    return MatchState(wins, dealer, winner, steps)
