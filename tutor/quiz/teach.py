"""Where a missed rule is taught: the lesson paragraph, the glossary entry, fresh practice.

Every wrong answer (practice, review, a self-test's review, a lesson, a club phone's reveal)
names the rule it is filed under — the engine's reason code — and links it to the paragraph
of the lesson that teaches it (an anchor in ``templates/lessons/prose/``), to the glossary
entry of its word and to new positions of the same situation. The table below is the one
place that says which lesson teaches which rule; ``tests/quiz/test_teach.py`` checks that
every rule a question can be filed under is in it and that each anchor exists.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import pgettext

from tutor import exercises
from tutor.lessons.path import get_lesson

from . import situations
from .recommend import practice_url

# The lesson paragraph (``rule-…``) or, for a lesson taught as a whole, its rule section.
RULE = "explanation"
FOLLOW, TRUMP_LED, PARTNER, TRUMP, UNDER = (
    "rule-follow",
    "rule-trump-led",
    "rule-partner",
    "rule-trump",
    "rule-undertrump",
)

# rule code -> (lesson slug, anchor, the glossary's word, as its English msgid)
LINKS: dict[str, tuple[str, str, str]] = {
    # Following, trumping and overtrumping.
    "lead_any": ("coinche-play", FOLLOW, "to lead"),
    "follow_suit": ("coinche-play", FOLLOW, "to follow suit"),
    "sa_follow": ("coinche-play", FOLLOW, "to follow suit"),
    "illegal_must_follow": ("coinche-play", FOLLOW, "to follow suit"),
    "trump_led_overtrump": ("coinche-play", TRUMP_LED, "to overtrump"),
    "trump_led_any_trump": ("coinche-play", TRUMP_LED, "trump"),
    "trump_led_no_trump": ("coinche-play", TRUMP_LED, "to discard"),
    "ta_overcard": ("coinche-play", TRUMP_LED, "all trumps"),
    "ta_follow": ("coinche-play", TRUMP_LED, "all trumps"),
    "partner_master": ("coinche-play", PARTNER, "partner is master"),
    "must_trump": ("coinche-play", TRUMP, "to trump"),
    "illegal_must_trump": ("coinche-play", TRUMP, "to trump"),
    "must_overtrump": ("coinche-play", TRUMP, "to overtrump"),
    "illegal_too_low": ("coinche-play", TRUMP, "to overtrump"),
    "no_suit_no_trump": ("coinche-play", TRUMP, "to discard"),
    "sa_discard": ("coinche-play", TRUMP, "to discard"),
    "ta_discard": ("coinche-play", TRUMP, "to discard"),
    "must_undertrump": ("coinche-play", UNDER, "to undertrump"),
    "may_discard": ("coinche-play", UNDER, "to undertrump"),
    # Tricks and their points.
    "trick_won_by_trump": ("coinche-tricks", RULE, "trick"),
    "trick_won_by_suit": ("coinche-tricks", RULE, "suit led"),
    "trick_won_no_trump": ("coinche-tricks", RULE, "no trump"),
    "trick_points": ("coinche-cards", "rule-points", "trick"),
    "count_running": ("coinche-cards", "rule-points", "trick"),
    # Declarations.
    "declarations_none": ("coinche-declarations", RULE, "declarations"),
    "declaration": ("coinche-declarations", RULE, "declarations"),
    "declarations_best": ("coinche-declarations", RULE, "declarations"),
    "declarations_tie": ("coinche-declarations", RULE, "declarations"),
    # The auction.
    "quiz_call_legal": ("coinche-auction", RULE, "call"),
    "bid_after_coinche": ("coinche-auction", RULE, "coinche"),
    "bid_out_of_range": ("coinche-auction", RULE, "bid"),
    "bid_not_higher": ("coinche-auction", RULE, "bid"),
    "coinche_no_contract": ("coinche-auction", RULE, "coinche"),
    "coinche_own_side": ("coinche-auction", RULE, "coinche"),
    "already_coinched": ("coinche-auction", RULE, "coinche"),
    "surcoinche_not_coinched": ("coinche-auction", RULE, "surcoinche"),
    "surcoinche_not_declarer": ("coinche-auction", RULE, "surcoinche"),
    "auction_contract": ("coinche-auction", RULE, "contract"),
    "auction_redeal": ("coinche-auction", RULE, "pass"),
    "quiz_auction_goes_on": ("coinche-auction", RULE, "pass"),
    "trump_not_in_profile": ("coinche-auction", RULE, "contract"),
    # Scoring a deal, and the game.
    "made": ("coinche-scoring", RULE, "contract"),
    "failed_short": ("coinche-scoring", RULE, "contract failed"),
    "failed_not_ahead": ("coinche-scoring", RULE, "contract failed"),
    "failed_tricks": ("coinche-scoring", RULE, "contract failed"),
    "classic_dedans": ("belote-dedans", RULE, "contract failed"),
    "classic_litige": ("belote-dedans", RULE, "deposit"),
    "classic_ahead": ("belote-dedans", RULE, "tie"),
    "count_totals": ("coinche-scoring", RULE, "contract"),
    "game_won": ("coinche-game", RULE, "deal"),
    "game_totals": ("coinche-game", RULE, "deal"),
    "game_pending": ("coinche-game", RULE, "belote-rebelote"),
    "game_validated": ("coinche-game", RULE, "belote-rebelote"),
    # Chouine.
    "chouine_stock_open": ("chouine-stock", RULE, "stock"),
    "chouine_lead": ("chouine-last-tricks", FOLLOW, "to lead"),
    "chouine_follow_suit": ("chouine-last-tricks", FOLLOW, "to follow suit"),
    "chouine_illegal_follow": ("chouine-last-tricks", FOLLOW, "to follow suit"),
    "chouine_illegal_beat": ("chouine-last-tricks", FOLLOW, "to follow suit"),
    "chouine_beat_trump": ("chouine-last-tricks", FOLLOW, "trump"),
    "chouine_follow_trump": ("chouine-last-tricks", FOLLOW, "trump"),
    "chouine_must_trump": ("chouine-last-tricks", TRUMP, "to trump"),
    "chouine_illegal_trump": ("chouine-last-tricks", TRUMP, "to trump"),
    "chouine_discard": ("chouine-last-tricks", TRUMP, "to discard"),
    "chouine_trick_higher": ("chouine-cards", RULE, "trick"),
    "chouine_trick_leader_higher": ("chouine-cards", RULE, "trick"),
    "chouine_trick_trumped": ("chouine-cards", RULE, "trump"),
    "chouine_trick_off_suit": ("chouine-cards", RULE, "suit led"),
    "count_chouine_trick": ("chouine-cards", RULE, "trick"),
    "quiz_chouine_exchange_allowed": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_exchange_done": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_exchange_seven_turned": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_exchange_too_late": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_exchange_no_seven": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_exchange_not_holder": ("chouine-last-tricks", "rule-seven", "trump indicator"),
    "chouine_announce_marriage": ("chouine-announcements", RULE, "marriage"),
    "chouine_announce_tierce": ("chouine-announcements", RULE, "tierce"),
    "chouine_announce_quateron": ("chouine-announcements", RULE, "four of a kind"),
    "chouine_announce_quinte": ("chouine-announcements", RULE, "quinte of brisques"),
    "chouine_announce_missing_cards": ("chouine-announcements", RULE, "hand"),
    "chouine_announce_suit_used": ("chouine-announcements", RULE, "marriage"),
    "chouine_announce_quinte_done": ("chouine-announcements", RULE, "quinte of brisques"),
    "count_chouine_announcements": ("chouine-announcements", RULE, "marriage"),
    "chouine_deal_won": ("chouine-scoring", RULE, "deal"),
    "chouine_deal_tied": ("chouine-scoring", RULE, "tie"),
    "chouine_match_won": ("chouine-scoring", RULE, "deal"),
    "chouine_match_deal_won": ("chouine-scoring", RULE, "deal"),
    "chouine_match_deal_tied": ("chouine-scoring", RULE, "tie"),
    "chouine_score_total": ("chouine-scoring", RULE, "deal"),
}


def glossary_anchor(term: str) -> str:
    """A glossary entry's id, from its English word (the same in every language)."""
    return f"term-{slugify(term)}"


def teach(question: dict, rule: str) -> dict | None:
    """The links that teach ``rule`` (the code a wrong answer to ``question`` is filed
    under, else the situation the question turns on), in the active language."""
    situation = exercises.solve(question).rule
    code = rule if rule in LINKS else situation
    if code not in LINKS:
        return None
    slug, anchor, term = LINKS[code]
    lesson = get_lesson(slug)
    return {
        "rule": code,
        "name": situations.rule_name(code),
        "lesson_title": lesson.title,
        "lesson_url": f"{reverse('lesson', args=[slug])}#{anchor}",
        "term": pgettext("glossary", term),
        "glossary_url": f"{reverse('glossary')}#{glossary_anchor(term)}",
        "practice_url": practice_url(question["type"], question["profile"], situation),
    }
