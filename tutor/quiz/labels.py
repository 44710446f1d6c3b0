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
    "running_count": _("Running count: how many points has a side taken?"),
    "deal_total": _("What total has each partnership made?"),
    "chouine_legal": _("Chouine: which cards may be played?"),
    "chouine_trick_winner": _("Chouine: who wins the trick?"),
    "chouine_exchange_seven": _("Chouine: may the 7 be exchanged?"),
    "chouine_announcement": _("Chouine: which announcement is valid?"),
    "chouine_deal_winner": _("Chouine: who wins the deal?"),
    "chouine_match_winner": _("Chouine: who wins the match?"),
    "play_card": _("Play a card the rules allow"),
    "trick_winner_card": _("Which card wins the trick?"),
    "make_call": _("Make a call the rules allow"),
    "auction_end": _("Which call ends the auction?"),
    "chouine_play_card": _("Chouine: play a card the rules allow"),
    "chouine_trick_winner_card": _("Chouine: which card wins the trick?"),
    "chouine_trick_points": _("Chouine: what is the trick worth?"),
    "chouine_announcement_points": _("Chouine: what are the announcements worth?"),
    "chouine_deal_points": _("Chouine: what does each player total?"),
}

# One line under each kind of question on the practice index: what it trains.
DESCRIPTIONS = {
    "legal_cards": _("A hand and a trick under way: tick every card the rules allow."),
    "trick_winner": _("Four cards on the table: say which seat takes the trick."),
    "trick_points": _("Add up the card points of one trick."),
    "declare": _("A hand before the first trick: what can its holder declare?"),
    "declarations_winner": _("Both partnerships declare: which one scores?"),
    "call_legal": _("An auction so far and a next call: may it be made?"),
    "final_contract": _("A whole auction: name the contract it ends in."),
    "deal_score": _("A played deal: give each partnership's score."),
    "contract_made": _("A played deal: did the takers make their contract?"),
    "game_end": _("Running totals and one more deal: is the game over, and who won?"),
    "running_count": _("A whole deal, trick by trick: keep one side's count."),
    "deal_total": _(
        "A played deal: add up card points, last trick or capot, declarations and belote."
    ),
    "chouine_legal": _("A Chouine hand and the card led: which cards may be played?"),
    "chouine_trick_winner": _("Two cards on the table: who takes the trick?"),
    "chouine_exchange_seven": _("The trump seven and the turned-up card: may they be swapped?"),
    "chouine_announcement": _("Cards shown: which announcement do they make?"),
    "chouine_deal_winner": _("Points and announcements of a deal: who wins it?"),
    "chouine_match_winner": _("Deals won so far: has someone won the match?"),
    "play_card": _("A hand and a trick under way: play one card the rules allow."),
    "trick_winner_card": _("Four cards on the table: point at the one that takes the trick."),
    "make_call": _("An auction so far: pick a call the rules allow."),
    "auction_end": _("An auction under way: pick the call that would end it."),
    "chouine_play_card": _("The stock is gone and a card is led: play one the rules allow."),
    "chouine_trick_winner_card": _("Two cards on the table: point at the one that takes it."),
    "chouine_trick_points": _("Two cards on the table: add up their points."),
    "chouine_announcement_points": _("A player's announcements: add up what they bring."),
    "chouine_deal_points": _("Points and announcements of a deal: each player's total."),
}

# The worked examples from the sources, titled by what they show.
EXAMPLES = {
    "federation-89-is-not-90": _("89 is not 90: the contract fails before rounding"),
    "federation-89-made": _("89 points for a 90 contract: made or not?"),
    "maison-ahead-with-belote": _("The taker ahead: card points, last trick and belote"),
    "maison-dedans": _("Dedans: the taker's side is behind"),
    "maison-litige": _("Litige: a perfect tie puts points in deposit"),
    "maison-deposit-won": _("The next deal's winner takes the deposit"),
    "maison-capot": _("Capot: every trick to the taker's side"),
    "maison-declarations-count": _("A fifty puts the taker ahead"),
    "maison-coinche-100-made": _("100 made: Maison counting adds the contract"),
    "official-coinche-100-rounded": _("100 made: Official counting rounds the points"),
    "maison-coinche-100-doubled": _("100 coinched and made: the takers score it all, doubled"),
    "online-es-tierce": _("A tierce helps the takers reach 100"),
    "federation-auction-surcoinche": _("A coinche and a surcoinche end the auction"),
    "chouine-marriages": _("Two marriages: who wins the Chouine deal?"),
}

# The sources of the worked examples, named in words, each with the preposition it follows
# on a page ("from the guide…", "a worked example in the guide…"), so that a language
# contracts it with the article ("do guia", "du guide", "del artículo").
SOURCES = {
    "000": {
        "from": pgettext_lazy("worked example source", "from a Coinche federation's guide"),
        "in": pgettext_lazy("worked example source, after in", "in a Coinche federation's guide"),
    },
    "001": {
        "from": pgettext_lazy("worked example source", "from the rules of Chouine"),
        "in": pgettext_lazy("worked example source, after in", "in the rules of Chouine"),
    },
    "002": {
        "from": pgettext_lazy("worked example source", "from the encyclopedia article on Coinche"),
        "in": pgettext_lazy(
            "worked example source, after in", "in the encyclopedia article on Coinche"
        ),
    },
    "003": {
        "from": pgettext_lazy(
            "worked example source", "from the rules of a Spanish online card site"
        ),
        "in": pgettext_lazy(
            "worked example source, after in", "in the rules of a Spanish online card site"
        ),
    },
    "004": {
        "from": pgettext_lazy("worked example source", "from the guide to counting Belote points"),
        "in": pgettext_lazy(
            "worked example source, after in", "in the guide to counting Belote points"
        ),
    },
}


def source(code: str, form: str) -> str:
    """A worked example's source with its preposition ("from"/"in"); an unknown code as is."""
    return SOURCES[code][form] if code in SOURCES else code


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
