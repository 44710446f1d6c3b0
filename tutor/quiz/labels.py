"""Names shown for games, question types, topics, profiles and levels, in the page's language.

Situations have their own table, `situations.py`.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

GAMES = {
    "coinche": _("Coinche and Belote"),
    "chouine": _("Chouine"),
}

TOPICS = {
    "play": pgettext_lazy("quiz topic", "Legal cards"),
    "tricks": pgettext_lazy("quiz topic", "Tricks"),
    "declarations": pgettext_lazy("quiz topic", "Declarations"),
    "auction": pgettext_lazy("quiz topic", "Auction"),
    "scoring": pgettext_lazy("quiz topic", "Scoring a deal"),
    "chouine_play": pgettext_lazy("quiz topic", "Chouine: playing cards"),
    "chouine_seven": pgettext_lazy("quiz topic", "Chouine: the trump 7"),
    "chouine_announcements": pgettext_lazy("quiz topic", "Chouine: announcements"),
    "chouine_scoring": pgettext_lazy("quiz topic", "Chouine: deal and match"),
}

TYPES = {
    "legal_cards": _("Which cards may be played?"),
    "trick_winner": _("Who wins the trick?"),
    "trick_points": _("What is the trick worth?"),
    "declare": _("What may be declared?"),
    "declarations_winner": _("Whose declarations score?"),
    "call_legal": _("Is this call legal?"),
    "final_contract": _("What is the final contract?"),
    "deal_score": _("What does each partnership score?"),
    "contract_made": _("Is the contract made?"),
    "game_end": _("Who has won the game?"),
    "chouine_legal": _("Chouine: which cards may be played?"),
    "chouine_trick_winner": _("Chouine: who wins the trick?"),
    "chouine_exchange_seven": _("Chouine: may the 7 be exchanged?"),
    "chouine_announcement": _("Chouine: which announcement is valid?"),
    "chouine_deal_winner": _("Chouine: who wins the deal?"),
    "chouine_match_winner": _("Chouine: who wins the match?"),
}

PROFILES = {
    "federation": _("Federation"),
    "maison": _("Maison counting"),
    "official": _("Official counting"),
    "online-es": _("Spanish online play"),
    "encyclopedia": _("Encyclopedia rules"),
    "chouine": _("Chouine"),
}

LEVELS = {1: _("Beginner"), 2: _("Intermediate"), 3: _("Advanced")}


def type_label(name: str) -> str:
    return TYPES.get(name, name)


def topic_label(name: str) -> str:
    return TOPICS.get(name, name)
