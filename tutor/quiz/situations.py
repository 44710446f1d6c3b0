"""Short names of the situations a question can be filtered by, in the page's language.

A situation is one of a question type's ``situations``: the engine's rule code
for what the question turns on (see ``tutor.exercises``). The engine words the
rule itself in its explanations; these names only say which kind of position
to ask about, so one name per code serves every type that shares the code
(``deal_score`` and ``contract_made`` share theirs).
"""

from django.utils.translation import pgettext_lazy

ANY = pgettext_lazy("situation", "Any situation")

SITUATIONS = {
    # legal_cards
    "lead_any": pgettext_lazy("situation", "You lead the trick"),
    "trump_led_overtrump": pgettext_lazy("situation", "Trumps led: you must play higher"),
    "trump_led_any_trump": pgettext_lazy("situation", "Trumps led: you cannot play higher"),
    "trump_led_no_trump": pgettext_lazy("situation", "Trumps led and you have none"),
    "follow_suit": pgettext_lazy("situation", "You can follow suit"),
    "partner_master": pgettext_lazy("situation", "Your partner is winning the trick"),
    "must_trump": pgettext_lazy("situation", "You must trump"),
    "must_overtrump": pgettext_lazy("situation", "You must overtrump"),
    "must_undertrump": pgettext_lazy("situation", "You must undertrump"),
    "may_discard": pgettext_lazy("situation", "You may discard instead of undertrumping"),
    "no_suit_no_trump": pgettext_lazy("situation", "You hold neither the suit led nor a trump"),
    "sa_follow": pgettext_lazy("situation", "No trump: you can follow suit"),
    "sa_discard": pgettext_lazy("situation", "No trump: you cannot follow suit"),
    "ta_overcard": pgettext_lazy("situation", "All trumps: you must play higher"),
    "ta_follow": pgettext_lazy("situation", "All trumps: you cannot play higher"),
    "ta_discard": pgettext_lazy("situation", "All trumps: you cannot follow suit"),
    # trick_winner
    "trick_won_by_trump": pgettext_lazy("situation", "A trump wins the trick"),
    "trick_won_by_suit": pgettext_lazy("situation", "Nobody trumps: the suit led wins"),
    "trick_won_no_trump": pgettext_lazy("situation", "No trump: the suit led wins"),
    # declare, declarations_winner
    "declarations_none": pgettext_lazy("situation", "Nothing to declare"),
    "declaration": pgettext_lazy("situation", "Someone has a declaration"),
    "declarations_best": pgettext_lazy("situation", "One partnership has the best declaration"),
    "declarations_tie": pgettext_lazy("situation", "Declarations tie"),
    # deal_score, contract_made
    "made": pgettext_lazy("situation", "The contract is made"),
    "failed_short": pgettext_lazy("situation", "The contract fails: too few points"),
    "failed_not_ahead": pgettext_lazy("situation", "The contract fails: not ahead of the defence"),
    "classic_dedans": pgettext_lazy("situation", "Dedans: the taker's side is behind"),
    "classic_litige": pgettext_lazy("situation", "Litige: a perfect tie"),
    # call_legal
    "quiz_call_legal": pgettext_lazy("situation", "The call is legal"),
    "bid_after_coinche": pgettext_lazy("situation", "A bid after a coinche"),
    "bid_out_of_range": pgettext_lazy("situation", "A bid outside the range"),
    "bid_not_higher": pgettext_lazy("situation", "A bid that is not higher"),
    "coinche_no_contract": pgettext_lazy("situation", "A coinche before any bid"),
    "coinche_own_side": pgettext_lazy("situation", "A coinche of your own side's contract"),
    "already_coinched": pgettext_lazy("situation", "A second coinche"),
    "surcoinche_not_coinched": pgettext_lazy("situation", "A surcoinche without a coinche"),
    "surcoinche_not_declarer": pgettext_lazy("situation", "A surcoinche by the defence"),
    # final_contract
    "auction_contract": pgettext_lazy("situation", "The auction ends in a contract"),
    "auction_redeal": pgettext_lazy("situation", "Four passes: a new deal"),
    # game_end
    "game_won": pgettext_lazy("situation", "A partnership wins the game"),
    "game_pending": pgettext_lazy("situation", "The target reached only through the belote"),
    "game_validated": pgettext_lazy("situation", "A trick makes the belote count"),
    "game_totals": pgettext_lazy("situation", "Nobody has won yet"),
    # chouine_legal
    "chouine_stock_open": pgettext_lazy("situation", "Cards still in the stock"),
    "chouine_lead": pgettext_lazy("situation", "Stock gone: the player leads the trick"),
    "chouine_follow_suit": pgettext_lazy("situation", "Stock gone: the player must follow suit"),
    "chouine_beat_trump": pgettext_lazy(
        "situation", "Stock gone: the player must beat the trump led"
    ),
    "chouine_follow_trump": pgettext_lazy(
        "situation", "Stock gone: the player cannot beat the trump led"
    ),
    "chouine_must_trump": pgettext_lazy("situation", "Stock gone: the player must trump"),
    "chouine_discard": pgettext_lazy("situation", "Stock gone: the player may discard"),
    # chouine_trick_winner
    "chouine_trick_higher": pgettext_lazy("situation", "The reply is higher in the suit led"),
    "chouine_trick_leader_higher": pgettext_lazy("situation", "The card led is higher"),
    "chouine_trick_trumped": pgettext_lazy("situation", "A trump against another suit"),
    "chouine_trick_off_suit": pgettext_lazy(
        "situation", "The reply is neither the suit led nor a trump"
    ),
    # chouine_exchange_seven
    "quiz_chouine_exchange_allowed": pgettext_lazy("situation", "The exchange is allowed"),
    "chouine_exchange_done": pgettext_lazy("situation", "The 7 has already been exchanged"),
    "chouine_exchange_seven_turned": pgettext_lazy("situation", "The indicator is the trump 7"),
    "chouine_exchange_too_late": pgettext_lazy("situation", "Too late to exchange"),
    "chouine_exchange_no_seven": pgettext_lazy("situation", "Nobody holds the trump 7"),
    "chouine_exchange_not_holder": pgettext_lazy("situation", "The player does not hold the 7"),
    # chouine_announcement
    "chouine_announce_marriage": pgettext_lazy("situation", "A marriage"),
    "chouine_announce_tierce": pgettext_lazy("situation", "A tierce"),
    "chouine_announce_quateron": pgettext_lazy("situation", "A quateron"),
    "chouine_announce_quinte": pgettext_lazy("situation", "A quinte"),
    # chouine_deal_winner, chouine_match_winner
    "chouine_deal_won": pgettext_lazy("situation", "One player wins the deal"),
    "chouine_deal_tied": pgettext_lazy("situation", "The deal is tied"),
    "chouine_match_won": pgettext_lazy("situation", "The match is won"),
    "chouine_match_deal_won": pgettext_lazy("situation", "The match goes on"),
}


# Rule codes only a wrong answer is filed under (the engine names the card or the step that
# broke a rule), for the club's "rules most often broken".
BROKEN = {
    "illegal_must_follow": pgettext_lazy("situation", "You must follow suit"),
    "illegal_must_trump": pgettext_lazy("situation", "You must trump"),
    "illegal_too_low": pgettext_lazy("situation", "You must play a higher card"),
    "trick_points": pgettext_lazy("situation", "Card points of a trick"),
    "failed_tricks": pgettext_lazy("situation", "The contract fails: promised tricks not taken"),
    "classic_ahead": pgettext_lazy("situation", "The taker's side is strictly ahead"),
    "trump_not_in_profile": pgettext_lazy("situation", "A contract these rules do not play"),
    "chouine_illegal_follow": pgettext_lazy("situation", "Stock gone: the player must follow suit"),
    "chouine_illegal_trump": pgettext_lazy("situation", "Stock gone: the player must trump"),
    "chouine_illegal_beat": pgettext_lazy(
        "situation", "Stock gone: the player must beat the card led"
    ),
    "chouine_announce_missing_cards": pgettext_lazy(
        "situation", "An announcement needs its cards in hand"
    ),
    "chouine_announce_suit_used": pgettext_lazy("situation", "One combination per suit"),
    "chouine_announce_quinte_done": pgettext_lazy("situation", "One quinte per deal"),
    "chouine_match_deal_tied": pgettext_lazy("situation", "A tied deal counts for nobody"),
    "quiz_auction_goes_on": pgettext_lazy("situation", "When the auction ends"),
    # The counting drills' kinds of count.
    "count_running": pgettext_lazy("situation", "Keeping a running count"),
    "count_totals": pgettext_lazy("situation", "Each side's total for a deal"),
    "count_chouine_trick": pgettext_lazy("situation", "Card points of a Chouine trick"),
    "count_chouine_announcements": pgettext_lazy("situation", "Points of Chouine announcements"),
    "chouine_score_total": pgettext_lazy("situation", "A Chouine player's total"),
}


def rule_name(code: str, fallback: str = "") -> str:
    """The name of the rule a reason code files, or ``fallback`` for a code without one."""
    return SITUATIONS.get(code) or BROKEN.get(code) or fallback or code


def choices(situations: tuple[str, ...]) -> list[tuple[str, str]]:
    """The options of a situation select: any situation (empty value), then each one."""
    return [("", ANY), *((code, rule_name(code)) for code in situations)]
