"""What every Coinche and Belote question shares: its profiles, its prompts, its choices."""

from __future__ import annotations

import random

from tutor.rules.cards import SEATS
from tutor.rules.coinche.deal import cut_and_deal
from tutor.rules.coinche.profiles import Profile, coinche_profile
from tutor.rules.explain import gettext_noop, messages, ngettext_noop, variants
from tutor.rules.profiles import PROFILES

from ..base import QuestionType

COINCHE_PROFILES = tuple(name for name, p in PROFILES.items() if isinstance(p, Profile))


SIDES = ("NS", "EW")


messages(
    {
        "quiz_coinche_legal": gettext_noop(
            "The contract is %(strain)s. You are %(seat)s. Select every card you may play."
        ),
        "quiz_coinche_trick_winner": gettext_noop(
            "The contract is %(strain)s and %(seat)s led. Who wins this trick?"
        ),
        "quiz_coinche_trick_points": gettext_noop(
            "The contract is %(strain)s. How many card points is this trick worth "
            "(without the last-trick bonus)?"
        ),
        "quiz_coinche_declare": gettext_noop(
            "The contract is %(strain)s. How many points of declarations (carrés and "
            "sequences, without belote) may %(seat)s announce with this hand?"
        ),
        "quiz_coinche_declarations_winner": gettext_noop(
            "The contract is %(strain)s. These are the best declarations of each player. "
            "Which partnership scores its declarations?"
        ),
        "quiz_coinche_deal_score": gettext_noop("What does each partnership score for this deal?"),
        "quiz_coinche_made": gettext_noop("Is the contract made?"),
        "quiz_show_declares": gettext_noop("%(seat)s holds:"),
        "quiz_show_nothing": gettext_noop("%(seat)s has nothing to declare."),
        "quiz_show_side_points": variants(
            lambda params: "none" if not params["count"] else "some",
            some=ngettext_noop(
                "%(side)s took %(count)s trick, worth %(counted_points)s.",
                "%(side)s took %(count)s tricks, worth %(counted_points)s.",
                "count",
            ),
            none=gettext_noop("%(side)s took no trick."),
        ),
        "quiz_show_last_trick": gettext_noop("%(side)s won the last trick."),
        "quiz_show_declarations": ngettext_noop(
            "%(side)s have %(points)s point of declarations.",
            "%(side)s have %(points)s points of declarations.",
            "points",
        ),
        "quiz_show_belote": ngettext_noop(
            "%(side)s hold belote-rebelote (%(points)s point).",
            "%(side)s hold belote-rebelote (%(points)s points).",
            "points",
        ),
        "quiz_show_deposit": ngettext_noop(
            "%(points)s point is held in deposit from a tied deal.",
            "%(points)s points are held in deposit from a tied deal.",
            "points",
        ),
        "quiz_wrong_number": gettext_noop("The answer is %(points)s, not %(points_given)s."),
        "quiz_choice_nobody_declares": gettext_noop("Neither partnership"),
    }
)


def level_trumps(profile: Profile, difficulty: int) -> tuple[str, ...]:
    """Suit contracts first; no trump and all trumps from level 2 where the profile has them."""
    return profile.trumps if difficulty > 1 else profile.trumps[:4]


def draw_trump(rng: random.Random, profile: Profile, difficulty: int) -> str:
    return rng.choice(level_trumps(profile, difficulty))


def without_no_trump(profile: Profile, difficulty: int, situations, no_trump) -> tuple[str, ...]:
    """``situations`` less those of ``no_trump`` (codes by trump: ``{"SA": (...), ...}``)
    whose trump this level does not deal."""
    trumps = level_trumps(profile, difficulty)
    ruled_out = {code for trump, codes in no_trump.items() if trump not in trumps for code in codes}
    return tuple(code for code in situations if code not in ruled_out)


def deal_hands(rng: random.Random) -> dict[str, list[int]]:
    deal = cut_and_deal(rng, rng.choice(SEATS))
    return {seat: sorted(cards) for seat, cards in deal.hands.items()}


def seat_choices() -> list[dict]:
    return [
        {"value": s, "label": {"code": "quiz_choice_seat", "params": {"seat": s}}} for s in "NESW"
    ]


def side_choices() -> list[dict]:
    return [
        {"value": s, "label": {"code": "quiz_choice_side", "params": {"side": s}}} for s in SIDES
    ]


class CoincheType(QuestionType):
    game = "coinche"
    profiles = COINCHE_PROFILES

    @staticmethod
    def rules(question: dict) -> Profile:
        return coinche_profile(question["profile"])


messages(
    {
        "quiz_coinche_call_legal": gettext_noop(
            "%(seat)s dealt and the calls so far lie on the table. Is the last call legal?"
        ),
        "quiz_coinche_final_contract": gettext_noop(
            "%(seat)s dealt and the auction went as the table shows. What is the final contract?"
        ),
        "quiz_call_legal": gettext_noop("This call is legal."),
        "quiz_show_call": gettext_noop("The last call:"),
        "quiz_contract": gettext_noop("%(seat)s, %(contract)s"),
        "quiz_contract_coinche": gettext_noop("%(seat)s, %(contract)s, coinched"),
        "quiz_contract_surcoinche": gettext_noop("%(seat)s, %(contract)s, surcoinched"),
        "quiz_contract_none": gettext_noop("No contract: the cards are dealt again"),
        # The auction's history: what was said, never its effect (the last call is judged).
        "quiz_history_pass": gettext_noop("%(seat)s: pass"),
        "quiz_history_bid": gettext_noop("%(seat)s: %(contract)s"),
        "quiz_history_coinche": gettext_noop("%(seat)s: coinche"),
        "quiz_history_surcoinche": gettext_noop("%(seat)s: surcoinche"),
    }
)


messages(
    {
        "quiz_coinche_game_end": gettext_noop(
            "The game is played to %(points_target)s. Before this deal North-South had "
            "%(points_ns)s and East-West %(points_ew)s. Who has won the game after it?"
        ),
        "quiz_show_pending": gettext_noop(
            "%(side)s reached the target earlier only through their belote and have not won "
            "a trick since."
        ),
        "quiz_choice_game_goes_on": gettext_noop("Nobody yet: the game goes on"),
    }
)
