"""Reasons as data, and their rendering into sentences in five languages.

The engine never builds a sentence: it returns :class:`Step` values, a stable
code and its parameters. This module turns them into text with the gettext
catalogs in ``locale/`` (the same ones the web app uses), so the command line
and the site explain a rule with the same words.

Each engine module declares the English sentence of each of its codes with
:func:`messages`; ``manage.py makemessages`` extracts them because they are
wrapped in ``gettext_noop`` / ``ngettext_noop``. A code's message is one of:

- a sentence (``gettext_noop``);
- a sentence with a counted noun (``ngettext_noop(singular, plural, key)``): the
  parameter ``key`` (a number, or a list whose length counts) picks the form;
- :func:`variants`: one whole sentence per case, picked from the parameters, so
  that each sentence is true where it is shown (behind / tied, coinched or not…).

Parameters are rendered by the start of their name: ``card…`` (a card code or a
list of them: grouped by suit, high to low, in a locale list), ``suit…`` /
``trump…`` (a suit, ``SA`` or ``TA``), ``seat…``, ``side…`` (``NS``/``EW``),
``player…`` (Chouine's ``A``/``B``), ``kind…``, ``announcement…``, ``bid…``,
``option`` and ``other`` (a rule option, by the label a game registers with
:func:`option_labels`), ``expected`` (a kind of value);
numbers are written the locale's way (CLDR, with its minimum grouping). A
template may also ask for a derived form:

- ``the_card…``, ``of_the_card…``, ``to_the_card…`` (and ``…player…``): the card
  or player with its article, as the translator wrote it per rank ("o valete",
  "da dama", "à l'as", "valetului");
- ``neither_the_card…``: cards after a negation, in the list each language joins
  there with its own word ("o rei nem a dama", "ni le roi ni la dame", "nici
  regele, nici dama"; English "the king or the queen"); one card reads as
  ``the_card``;
- ``of_seat…``: a seat after "of", as the translator wrote it ("d'Est", "de Nord");
- ``the_deal`` / ``at_the_deal`` (from ``number``): a deal of a match by its number,
  as running prose says it ("a segunda mão", "à la deuxième donne"; English
  "deal 2", "at deal 2");
- ``wins_in_words`` (from any count of deals, here ``wins``): the count in words up to
  nine, in the gender of the language's word for a deal ("trois");
- ``counted_stock``, ``counted_points``: that count with its noun ("2 cards",
  "88 card points"), for a sentence that already counts something else;
- ``strain`` (from ``trump``): the trump as a contract says it ("à cœur",
  "sans atout"); ``contract`` (from ``bid`` and ``trump``): "100 à cœur";
- ``ranks`` (from a rank code): the plural rank word of a carré ("valets");
- ``sum`` / ``terms``: the non-zero ``points_…`` parameters, each labelled
  ("160 for the tricks + 100 for the contract"), ``sum`` closing with "= total";
  ``main_terms`` / ``extras`` split them around a multiplication;
- ``addends…``: a list of numbers as a bare sum, "20 + 11 + 0 + 10" (a count term by term).

A placeholder that starts a sentence is capitalised ("Player A leads").

>>> from tutor.rules.explain import Step, render, card_name
>>> render(Step("bad_card", {"value": "ZZ"}), "en")
'"ZZ" is not a card. Write the rank (7 8 9 T J Q K A) then the suit (S H D C), as in TS or JH.'
>>> card_name("QH", "en")
'queen of hearts'
>>> render(Step("duplicate_card", {"card": "QH"}), "en")
'The queen of hearts appears twice; a deck has only one.'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

LANGUAGES = ("en", "pt", "es", "ro", "fr")
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


def gettext_noop(message: str) -> str:
    """Marks an English sentence for extraction; translated when rendered."""
    return message


def pgettext_noop(context: str, message: str) -> tuple[str, str]:
    """Like :func:`gettext_noop`, for a word whose sense needs a context."""
    return context, message


@dataclass(frozen=True)
class Plural:
    """A sentence with a counted noun: ``count`` names the parameter that counts."""

    singular: str
    plural: str
    count: str


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Marks a sentence with a counted noun for extraction (``ngettext`` when rendered)."""
    return Plural(singular, plural, count)


@dataclass(frozen=True)
class Variants:
    """One whole sentence per case; ``pick`` reads the parameters and names the case."""

    pick: Callable[[dict], str]
    options: dict[str, str | Plural]

    def choose(self, params: dict) -> str | Plural:
        return self.options[self.pick(params)]


def variants(pick: Callable[[dict], str], **options: str | Plural) -> Variants:
    return Variants(pick, options)


def counted(some: str | Plural, none: str | Plural) -> Variants:
    """A sentence about ``points``, with one of its own for none: a plural form never says
    "0 points" (Romanian's form for 2–19 covers 0 too)."""
    return Variants(
        lambda params: "some" if params["points"] else "none", {"some": some, "none": none}
    )


def addressed(player: str | Plural, you: str | Plural) -> Variants:
    """One sentence about a player, another to them: the play pages pass ``you=True`` when
    the player is the learner, so the rule speaks to them as Coinche's does."""
    return Variants(
        lambda params: "you" if params.get("you") else "player", {"player": player, "you": you}
    )


def about_seat(seat: str | Plural, you: str | Plural) -> Variants:
    """A Coinche rule said to the learner ("You hold…") or, where the step names the seat
    that plays (``seat_playing``, a lesson's worked example), about that seat ("South
    holds…"): narration never switches to "you"."""
    return Variants(
        lambda params: "seat" if "seat_playing" in params else "you", {"seat": seat, "you": you}
    )


def english_texts(message: str | Plural | Variants) -> list[str]:
    """Every English sentence a message can render: each variant, each plural form."""
    if isinstance(message, Variants):
        return [text for option in message.options.values() for text in english_texts(option)]
    if isinstance(message, Plural):
        return [message.singular, message.plural]
    return [message]


def by_multiplier(params: dict) -> str:
    """The case of a contract's coinche: ``plain``, ``coinche`` or ``surcoinche``."""
    return {1: "plain", 2: "coinche"}.get(params.get("multiplier", 1), "surcoinche")


@dataclass(frozen=True)
class Step:
    """One step of an explanation: what rule or computation, with what values."""

    code: str
    params: dict = field(default_factory=dict)


MESSAGES: dict[str, str | Plural | Variants] = {}


def messages(table: dict[str, str | Plural | Variants]) -> None:
    """Registers the English sentence of each code (one call per module)."""
    for code, text in table.items():
        if code in MESSAGES and MESSAGES[code] != text:
            raise ValueError(f"reason code {code!r} declared twice")
        MESSAGES[code] = text


messages(
    {
        "bad_card": gettext_noop(
            '"%(value)s" is not a card. Write the rank (7 8 9 T J Q K A) then the suit '
            "(S H D C), as in TS or JH."
        ),
        "bad_card_list": gettext_noop("A list of cards was expected, not %(value)s."),
        "duplicate_card": gettext_noop("%(the_card)s appears twice; a deck has only one."),
        "bad_suit": gettext_noop('"%(value)s" is not a suit: use S, H, D or C.'),
        "bad_seat": gettext_noop('"%(value)s" is not a seat: use N, E, S or W.'),
    }
)

# A rule option's label, by its engine name: what the house-rule builder calls it, so
# that a refusal names the field the reader sees (the params keep the engine's name).
OPTION_LABELS: dict[str, str] = {}
# Which game each option belongs to, so that a game can refuse another's option by name.
OPTION_GAMES: dict[str, str] = {}


def option_labels(table: dict[str, str], game: str) -> None:
    """Registers the English label of each rule option of ``game`` (one call per game)."""
    OPTION_LABELS.update(table)
    OPTION_GAMES.update(dict.fromkeys(table, game))


def option_game(option: object) -> str | None:
    """The game whose rule ``option`` is ("coinche", "chouine"), or None."""
    return OPTION_GAMES.get(option) if isinstance(option, str) else None


def option_label(option: str, lang: str) -> str:
    """An option's label in ``lang``; an unknown name is quoted as it was written."""
    label = OPTION_LABELS.get(option)
    return translator(lang).gettext(label) if label else option


# What a rule option's value must be, by the type names of the option errors.
EXPECTED_WORDS = {
    "int": pgettext_noop("kind of value", "a whole number"),
    "bool": pgettext_noop("kind of value", "yes or no"),
    "str": pgettext_noop("kind of value", "a word"),
    "list": pgettext_noop("kind of value", "a list"),
}

RANKS = "AKQJT987"  # high to low, as a sequence is read
# Chouine's order, high to low, as its players name a chouine: A 10 K Q J (001).
CHOUINE_RANKS = "ATKQJ987"
RANK_WORDS = {
    "7": pgettext_noop("card rank", "seven"),
    "8": pgettext_noop("card rank", "eight"),
    "9": pgettext_noop("card rank", "nine"),
    "T": pgettext_noop("card rank", "ten"),
    "J": pgettext_noop("card rank", "jack"),
    "Q": pgettext_noop("card rank", "queen"),
    "K": pgettext_noop("card rank", "king"),
    "A": pgettext_noop("card rank", "ace"),
}
# The rank with its article, as each language needs it in a sentence; the translator
# writes each one (gender, elision, contraction), so nothing is glued.
RANK_FORMS = {
    "": RANK_WORDS,
    "the": {
        "7": pgettext_noop("card rank, with the", "the seven"),
        "8": pgettext_noop("card rank, with the", "the eight"),
        "9": pgettext_noop("card rank, with the", "the nine"),
        "T": pgettext_noop("card rank, with the", "the ten"),
        "J": pgettext_noop("card rank, with the", "the jack"),
        "Q": pgettext_noop("card rank, with the", "the queen"),
        "K": pgettext_noop("card rank, with the", "the king"),
        "A": pgettext_noop("card rank, with the", "the ace"),
    },
    "of_the": {
        "7": pgettext_noop("card rank, after of", "of the seven"),
        "8": pgettext_noop("card rank, after of", "of the eight"),
        "9": pgettext_noop("card rank, after of", "of the nine"),
        "T": pgettext_noop("card rank, after of", "of the ten"),
        "J": pgettext_noop("card rank, after of", "of the jack"),
        "Q": pgettext_noop("card rank, after of", "of the queen"),
        "K": pgettext_noop("card rank, after of", "of the king"),
        "A": pgettext_noop("card rank, after of", "of the ace"),
    },
    "to_the": {
        "7": pgettext_noop("card rank, after to", "to the seven"),
        "8": pgettext_noop("card rank, after to", "to the eight"),
        "9": pgettext_noop("card rank, after to", "to the nine"),
        "T": pgettext_noop("card rank, after to", "to the ten"),
        "J": pgettext_noop("card rank, after to", "to the jack"),
        "Q": pgettext_noop("card rank, after to", "to the queen"),
        "K": pgettext_noop("card rank, after to", "to the king"),
        "A": pgettext_noop("card rank, after to", "to the ace"),
    },
}
# A carré is named by its rank in the plural: "four jacks".
RANK_PLURALS = {
    "7": pgettext_noop("card rank, plural", "sevens"),
    "8": pgettext_noop("card rank, plural", "eights"),
    "9": pgettext_noop("card rank, plural", "nines"),
    "T": pgettext_noop("card rank, plural", "tens"),
    "J": pgettext_noop("card rank, plural", "jacks"),
    "Q": pgettext_noop("card rank, plural", "queens"),
    "K": pgettext_noop("card rank, plural", "kings"),
    "A": pgettext_noop("card rank, plural", "aces"),
}
# The letter printed in a card's corner: V, D, R in French and Spanish.
RANK_FACES = {
    "7": pgettext_noop("card face", "7"),
    "8": pgettext_noop("card face", "8"),
    "9": pgettext_noop("card face", "9"),
    "T": pgettext_noop("card face", "10"),
    "J": pgettext_noop("card face", "J"),
    "Q": pgettext_noop("card face", "Q"),
    "K": pgettext_noop("card face", "K"),
    "A": pgettext_noop("card face", "A"),
}
SUIT_WORDS = {
    "S": pgettext_noop("suit", "spades"),
    "H": pgettext_noop("suit", "hearts"),
    "D": pgettext_noop("suit", "diamonds"),
    "C": pgettext_noop("suit", "clubs"),
    "SA": pgettext_noop("suit", "no trump"),
    "TA": pgettext_noop("suit", "all trumps"),
}
# The trump as a contract names it, with its own preposition: "à cœur" but "sans atout".
STRAIN_WORDS = {
    "S": pgettext_noop("contract strain", "in spades"),
    "H": pgettext_noop("contract strain", "in hearts"),
    "D": pgettext_noop("contract strain", "in diamonds"),
    "C": pgettext_noop("contract strain", "in clubs"),
    "SA": pgettext_noop("contract strain", "no trump"),
    "TA": pgettext_noop("contract strain", "all trumps"),
}
SEAT_WORDS = {
    "N": pgettext_noop("seat", "North"),
    "E": pgettext_noop("seat", "East"),
    "S": pgettext_noop("seat", "South"),
    "W": pgettext_noop("seat", "West"),
}
# A seat after "of" ("the hand of East"), where a language elides or contracts
# ("la main d'Est"); other prepositions take the bare seat name in our languages.
SEAT_OF_WORDS = {
    "N": pgettext_noop("seat, after of", "of North"),
    "E": pgettext_noop("seat, after of", "of East"),
    "S": pgettext_noop("seat, after of", "of South"),
    "W": pgettext_noop("seat, after of", "of West"),
}
SIDE_WORDS = {
    "NS": pgettext_noop("partnership", "North-South"),
    "EW": pgettext_noop("partnership", "East-West"),
}
# Declarations are named by their code in the engine's data (tierce, quarte, quinte, carre).
KIND_WORDS = {
    "tierce": pgettext_noop("declaration", "tierce"),
    "quarte": pgettext_noop("declaration", "quarte"),
    "quinte": pgettext_noop("declaration", "quinte"),
    "carre": pgettext_noop("declaration", "four of a kind"),
}
# Chouine's announcements, by the codes of its engine.
ANNOUNCEMENT_WORDS = {
    "marriage": pgettext_noop("chouine announcement", "marriage"),
    "tierce": pgettext_noop("chouine announcement", "tierce"),
    "quateron": pgettext_noop("chouine announcement", "quateron"),
    "quinte": pgettext_noop("chouine announcement", "quinte"),
    "chouine": pgettext_noop("chouine announcement", "chouine"),
}
# The two bids that are not numbers.
BID_WORDS = {
    "capot": pgettext_noop("bid", "capot"),
    "generale": pgettext_noop("bid", "générale"),
}
# A player alone (a label: "Player A") and in a sentence, with the article each language needs.
PLAYER_FORMS = {
    "": {
        "A": pgettext_noop("chouine player", "player A"),
        "B": pgettext_noop("chouine player", "player B"),
    },
    "the": {
        "A": pgettext_noop("chouine player, with the", "player A"),
        "B": pgettext_noop("chouine player, with the", "player B"),
    },
    "of_the": {
        "A": pgettext_noop("chouine player, after of", "of player A"),
        "B": pgettext_noop("chouine player, after of", "of player B"),
    },
    "to_the": {
        "A": pgettext_noop("chouine player, after to", "to player A"),
        "B": pgettext_noop("chouine player, after to", "to player B"),
    },
}
PLAYER_WORDS = PLAYER_FORMS[""]
# A list after a negation: "nem" / "ni" / "ni… ni" / "nici… nici" where English says
# "or". Each pattern is a whole pattern of the language, as CLDR writes its lists: the
# first two items of several, each further item, the last item, or the only two.
NEGATIVE_LIST = {
    "start": pgettext_noop("list after a negation: its first two items", "%(first)s, %(next)s"),
    "middle": pgettext_noop("list after a negation: a further item", "%(first)s, %(next)s"),
    "end": pgettext_noop("list after a negation: its last item", "%(first)s, or %(last)s"),
    "two": pgettext_noop("list after a negation: two items", "%(first)s or %(last)s"),
}
# The ranks of one suit inside such a list when it spans several suits: a language may join
# them with its "or" and keep its negative word for the suits ("nici asul sau dama de cupă,
# nici…"), so that the reader sees where each suit ends.
SUIT_RANKS_AFTER_NEGATION = {
    "start": pgettext_noop(
        "a suit's ranks, in a list after a negation across suits: its first two",
        "%(first)s, %(next)s",
    ),
    "middle": pgettext_noop(
        "a suit's ranks, in a list after a negation across suits: a further one",
        "%(first)s, %(next)s",
    ),
    "end": pgettext_noop(
        "a suit's ranks, in a list after a negation across suits: the last one",
        "%(first)s, or %(last)s",
    ),
    "two": pgettext_noop(
        "a suit's ranks, in a list after a negation across suits: two of them",
        "%(first)s or %(last)s",
    ),
}
# A deal of a Chouine match, by its number, as a sentence names it (the translator may
# say "the second deal" where English says "deal 2"); past the tenth, by its number.
DEAL_FORMS = {
    "the": {
        1: pgettext_noop("chouine deal, by its number", "deal 1"),
        2: pgettext_noop("chouine deal, by its number", "deal 2"),
        3: pgettext_noop("chouine deal, by its number", "deal 3"),
        4: pgettext_noop("chouine deal, by its number", "deal 4"),
        5: pgettext_noop("chouine deal, by its number", "deal 5"),
        6: pgettext_noop("chouine deal, by its number", "deal 6"),
        7: pgettext_noop("chouine deal, by its number", "deal 7"),
        8: pgettext_noop("chouine deal, by its number", "deal 8"),
        9: pgettext_noop("chouine deal, by its number", "deal 9"),
        10: pgettext_noop("chouine deal, by its number", "deal 10"),
        "more": pgettext_noop("chouine deal, by its number", "deal %(number)s"),
    },
    "at_the": {
        1: pgettext_noop("chouine deal, after at", "at deal 1"),
        2: pgettext_noop("chouine deal, after at", "at deal 2"),
        3: pgettext_noop("chouine deal, after at", "at deal 3"),
        4: pgettext_noop("chouine deal, after at", "at deal 4"),
        5: pgettext_noop("chouine deal, after at", "at deal 5"),
        6: pgettext_noop("chouine deal, after at", "at deal 6"),
        7: pgettext_noop("chouine deal, after at", "at deal 7"),
        8: pgettext_noop("chouine deal, after at", "at deal 8"),
        9: pgettext_noop("chouine deal, after at", "at deal 9"),
        10: pgettext_noop("chouine deal, after at", "at deal 10"),
        "more": pgettext_noop("chouine deal, after at", "at deal %(number)s"),
    },
}
# A count of Chouine deals in words, for ``…_in_words`` (from a number parameter): a
# language that says "qui en compte désormais trois" writes the number out, in the gender
# of its word for a deal; a count past the table is written in figures.
DEAL_COUNT_WORDS = {
    1: pgettext_noop("number of chouine deals, in words", "one"),
    2: pgettext_noop("number of chouine deals, in words", "two"),
    3: pgettext_noop("number of chouine deals, in words", "three"),
    4: pgettext_noop("number of chouine deals, in words", "four"),
    5: pgettext_noop("number of chouine deals, in words", "five"),
    6: pgettext_noop("number of chouine deals, in words", "six"),
    7: pgettext_noop("number of chouine deals, in words", "seven"),
    8: pgettext_noop("number of chouine deals, in words", "eight"),
    9: pgettext_noop("number of chouine deals, in words", "nine"),
}
# The labelled terms of a sum, by parameter name, in the order a sum lists them.
TERMS = {
    "points_cards": ngettext_noop("%(points)s card point", "%(points)s card points", "points"),
    "points_base": ngettext_noop(
        "%(points)s for the tricks", "%(points)s for the tricks", "points"
    ),
    "points_hand": ngettext_noop(
        "%(points)s for the whole hand", "%(points)s for the whole hand", "points"
    ),
    "points_last": ngettext_noop(
        "%(points)s for the last trick", "%(points)s for the last trick", "points"
    ),
    "points_capot": ngettext_noop("%(points)s for the capot", "%(points)s for the capot", "points"),
    "points_declarations": ngettext_noop(
        "%(points)s for declarations", "%(points)s for declarations", "points"
    ),
    # The other side's declarations, which pass to the side that wins the deal.
    "points_declarations_declarers": ngettext_noop(
        "%(points)s for the declarers' declarations",
        "%(points)s for the declarers' declarations",
        "points",
    ),
    "points_declarations_defence": ngettext_noop(
        "%(points)s for the defence's declarations",
        "%(points)s for the defence's declarations",
        "points",
    ),
    "points_belote": ngettext_noop("%(points)s for belote", "%(points)s for belote", "points"),
    "points_extra": ngettext_noop(
        "%(points)s for declarations and belote",
        "%(points)s for declarations and belote",
        "points",
    ),
    "points_contract": ngettext_noop(
        "%(points)s for the contract", "%(points)s for the contract", "points"
    ),
}
POINTS = ngettext_noop("%(points)s point", "%(points)s points", "points")
# A count with its noun, for a sentence that counts something else already (ngettext
# picks one form per sentence): "10 tricks have been played and 2 cards are left…".
COUNTED = {
    "stock": ngettext_noop("%(stock)s card", "%(stock)s cards", "stock"),
    "points": ngettext_noop("%(points)s card point", "%(points)s card points", "points"),
}


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation("django", LOCALE_DIR, [lang], fallback=True)


# The catalog entries looked up while :func:`rendered` renders a sentence; None otherwise,
# so that ordinary rendering pays one lookup of this variable and nothing more.
_USED: ContextVar[list[dict] | None] = ContextVar("explain_used", default=None)
# The order a sentence lists a suit's cards in: Belote's sequence order, or Chouine's for
# a Chouine step (every Chouine code names its game).
_ORDER: ContextVar[str] = ContextVar("explain_order", default=RANKS)


class _Noting:
    """A catalog that notes each entry it is asked for, as a PO file names it."""

    __slots__ = ("catalog", "used")

    def __init__(self, catalog: gettext.NullTranslations, used: list[dict]):
        self.catalog, self.used = catalog, used

    def _note(self, entry: dict) -> None:
        if entry not in self.used:
            self.used.append(entry)

    def gettext(self, message: str) -> str:
        self._note({"msgid": message})
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._note({"msgid": singular, "msgid_plural": plural})
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._note({"msgctxt": context, "msgid": message})
        return self.catalog.pgettext(context, message)


def translator(lang: str) -> gettext.NullTranslations | _Noting:
    """The catalog of ``lang`` (English: the msgids themselves)."""
    used = _USED.get()
    return _catalog(lang) if used is None else _Noting(_catalog(lang), used)


def _word(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    if key not in table:
        return key
    return translator(lang).pgettext(*table[key])


def list_text(items: list[str], lang: str, negative: bool | dict = False) -> str:
    """Items joined the locale's way: "a, b et c"; after a negation (``negative``) with
    the language's own patterns: "ni a, ni b, ni c" (``negative`` may name another table
    of such patterns)."""
    from babel.lists import format_list

    if not negative:
        return format_list(list(items), locale=_locale(lang)) if items else ""
    if len(items) < 2:
        return "".join(items)
    table = negative if isinstance(negative, dict) else NEGATIVE_LIST
    pattern = {key: translator(lang).pgettext(*value) for key, value in table.items()}
    if len(items) == 2:
        return pattern["two"] % {"first": items[0], "last": items[1]}
    text = pattern["start"] % {"first": items[0], "next": items[1]}
    for item in items[2:-1]:
        text = pattern["middle"] % {"first": text, "next": item}
    return pattern["end"] % {"first": text, "last": items[-1]}


def _by_suit(codes: list[str]) -> list[tuple[str, list[str]]]:
    """Cards grouped by suit (in the order the suits first appear), each high to low."""
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[1], []).append(code[0])
    order = _ORDER.get()
    return [(suit, sorted(ranks, key=order.index)) for suit, ranks in groups.items()]


def cards_text(codes: str | list[str], lang: str, form: str = "", negative: bool = False) -> str:
    """One card or several, with the article of ``form`` ("", "the", "of_the", "to_the"):
    "the king and the seven of spades, and the ace of clubs"; after a negation
    (``negative``): "the king or the seven of spades, or the ace of clubs"."""
    if isinstance(codes, str):
        codes = [codes]
    template = translator(lang).pgettext("card name", "%(rank)s of %(suit)s")
    forms = RANK_FORMS[form]
    by_suit = _by_suit(list(codes))
    across = negative and len(by_suit) > 1 and SUIT_RANKS_AFTER_NEGATION
    groups = [
        template
        % {
            "rank": list_text(
                [_word(forms, rank, lang) for rank in ranks], lang, across or negative
            ),
            "suit": _word(SUIT_WORDS, suit, lang),
        }
        for suit, ranks in by_suit
    ]
    if len(groups) < 2 or all(len(ranks) == 1 for _, ranks in by_suit):
        return list_text(groups, lang, negative)
    if negative:
        # Each suit's cards take the language's pattern for a suit in such a list ("ni
        # l'as ou la dame de cœur"), and the suits are joined by the word that follows a
        # negation ("…, nici asul de treflă").
        suit = translator(lang).pgettext(
            "a suit's cards, in a list after a negation across suits", "%(card)s"
        )
        parts = [suit % {"card": group} for group in groups]
        template = translator(lang).pgettext(
            "groups of cards after a negation", "%(first)s, or %(next)s"
        )
        text = parts[0]
        for part in parts[1:]:
            text = template % {"first": text, "next": part}
        return text
    # The suits are set apart, so that the "and" inside each suit's ranks cannot be read as
    # joining suits: in a sentence by a comma and a last word of their own, in a bare list
    # (after a colon, in brackets) by semicolons.
    if not form:
        template = translator(lang).pgettext("bare card names by suit", "%(first)s; %(next)s")
        text = groups[0]
        for group in groups[1:]:
            text = template % {"first": text, "next": group}
        return text
    # The groups before the last are joined by a pattern of their own (Spanish may want
    # "; " between groups that hold commas of their own).
    further = translator(lang).pgettext("groups of cards: a further group", "%(first)s, %(next)s")
    text = groups[0]
    for group in groups[1:-1]:
        text = further % {"first": text, "next": group}
    template = translator(lang).pgettext("groups of cards", "%(groups)s, and %(last)s")
    return template % {"groups": text, "last": groups[-1]}


@lru_cache(maxsize=1024)
def card_name(code: str, lang: str) -> str:
    """The spoken name of a card, as a screen reader should say it (named once per card and
    language: every table and sentence asks for them)."""
    return cards_text(code, lang)


def rank_face(code: str, lang: str) -> str:
    return _word(RANK_FACES, code[0], lang)


def suit_name(code: str, lang: str) -> str:
    return _word(SUIT_WORDS, code, lang)


def strain_name(code: str, lang: str) -> str:
    return _word(STRAIN_WORDS, code, lang)


def seat_name(code: str, lang: str, form: str = "") -> str:
    return _word(SEAT_OF_WORDS if form == "of" else SEAT_WORDS, code, lang)


def side_name(code: str, lang: str) -> str:
    return _word(SIDE_WORDS, code, lang)


def player_name(code: str, lang: str, form: str = "") -> str:
    return _word(PLAYER_FORMS[form], code, lang)


def player_label(code: str, lang: str) -> str:
    """A player's name standing alone (a seat on the table, an option, a heading, after a
    label's colon): with its capital, "Jucătorul A", where a sentence says "jucătorul A"."""
    name = player_name(code, lang)
    return name[:1].upper() + name[1:]


def bid_name(bid: int | str, lang: str) -> str:
    """A bid alone, as a badge prints it: a number the locale's way, or capot / générale."""
    return _render_value("bid", bid, lang)


def contract_name(bid: int | str, trump: str, lang: str) -> str:
    """A contract as one phrase: "100 à cœur", "capot sans atout"."""
    template = translator(lang).pgettext("contract", "%(bid)s %(strain)s")
    return template % {
        "bid": _render_value("bid", bid, lang),
        "strain": strain_name(trump, lang),
    }


def babel_locale(lang: str) -> str:
    """The CLDR locale of a site language: our Portuguese is Portugal's."""
    return {"pt": "pt_PT"}.get(lang, lang if lang in LANGUAGES else "en")


@cache
def _locale(lang: str):
    """Babel's locale of a site language, parsed once (parsing it was most of a list's cost)."""
    from babel import Locale

    return Locale.parse(babel_locale(lang if lang in LANGUAGES else "en"))


# CLDR's minimumGroupingDigits, which Babel does not apply: Spanish and European
# Portuguese group a number's digits only from five digits on (2000, but 10 000).
MINIMUM_GROUPING = {"es": 2, "pt": 2}


# Babel writes a number in about 50 µs and a page writes dozens (points, counts, steps):
# each is written once per value, type and language.
@lru_cache(maxsize=4096, typed=True)
def format_number(value: int | float, lang: str) -> str:
    r"""A number written the locale's way, per CLDR.

    >>> format_number(2000, "pt"), format_number(12000, "pt"), format_number(2000, "es")
    ('2000', '12\xa0000', '2000')
    >>> format_number(2000, "ro"), format_number(2000, "fr"), format_number(1.5, "en")
    ('2.000', '2\u202f000', '1.5')

    Any size is written out: Babel's decimals hold 28 digits unless told more, and a
    message must not fail on the number a bad question quotes.

    >>> format_number(-10**30, "fr")
    '-1\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000'
    """
    import decimal
    import math

    from babel.numbers import format_decimal

    # bit_length() * log10(2) bounds the digit count without writing the number out.
    whole = int(value) if math.isfinite(value) else 0
    digits = whole.bit_length() * 31 // 100 + 1
    exact = len(str(abs(whole))) if whole.bit_length() < 64 else digits
    grouped = exact >= 3 + MINIMUM_GROUPING.get(lang, 1)
    with decimal.localcontext(prec=max(decimal.getcontext().prec, digits + 10)):
        return format_decimal(value, locale=_locale(lang), group_separator=grouped)


def count_of(value: object) -> int:
    """What a counted parameter counts: a number, the length of a list, or one card."""
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1 if isinstance(value, str) else int(value)


def group_cards(steps: list[Step], key: str = "card") -> list[Step]:
    """Steps that differ only by their card merged into one step naming all the cards,
    so a reason is said once, not once per card."""
    groups: dict[tuple, list[str]] = {}
    first: dict[tuple, Step] = {}
    for step in steps:
        rest = tuple(sorted((k, str(v)) for k, v in step.params.items() if k != key))
        group = (step.code, rest)
        cards = step.params.get(key)
        groups.setdefault(group, []).extend(cards if isinstance(cards, list) else [cards])
        first.setdefault(group, step)
    return [
        Step(step.code, {**step.params, key: cards if len(cards) > 1 else cards[0]})
        for group, step in first.items()
        for cards in [groups[group]]
    ]


def _translate(message: str | Plural, params: dict, lang: str) -> str:
    if isinstance(message, Plural):
        count = count_of(params[message.count])
        return translator(lang).ngettext(message.singular, message.plural, count)
    return translator(lang).gettext(message)


def _term(message: Plural, points: int, lang: str, key: str = "points") -> str:
    return _translate(message, {key: points}, lang) % {key: format_number(points, lang)}


# The terms that score_multiplied_then_extras adds after the multiplication.
EXTRA_TERMS = (
    "points_declarations",
    "points_declarations_declarers",
    "points_declarations_defence",
    "points_belote",
)


def sum_text(params: dict, lang: str, total: bool = True, keys=None) -> str:
    """The labelled non-zero terms of a sum, and "= total" when there is more than one.

    The total is ``points_total`` where a step has one, else ``points``."""
    terms = [
        _term(TERMS[key], value, lang)
        for key, value in params.items()
        if key in TERMS and value and (keys is None or key in keys)
    ]
    result = params.get("points_total", params.get("points", 0))
    if not terms:
        return _term(POINTS, result, lang)
    text = " + ".join(terms)
    if total and len(terms) > 1:
        text += " = " + format_number(result, lang)
    return text


def _render_value(key: str, value: object, lang: str) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, (int, float)):
        return format_number(value, lang)
    if key.startswith("addends"):
        return " + ".join(format_number(item, lang) for item in value)
    if key.startswith("card"):
        return cards_text(value, lang)
    if isinstance(value, (list, tuple)):
        return list_text([_render_value(key, item, lang) for item in value], lang)
    text = str(value)
    if key.startswith("bid") and text in BID_WORDS:
        return _word(BID_WORDS, text, lang)
    if key in ("option", "other"):
        return option_label(text, lang)
    if key == "expected":
        return _word(EXPECTED_WORDS, text, lang)
    if key.startswith("kind"):
        return _word(KIND_WORDS, text, lang)
    if key.startswith("announcement"):
        return _word(ANNOUNCEMENT_WORDS, text, lang)
    if key.startswith("ranks"):
        return _word(RANK_PLURALS, text, lang)
    if key.startswith("side") and text in ("A", "B"):
        return player_label(text, lang)  # a Chouine player's side, standing alone
    for prefix, function in (
        ("suit", suit_name),
        ("trump", suit_name),
        ("seat", seat_name),
        ("side", side_name),
        ("player", player_name),
    ):
        if key.startswith(prefix):
            return function(text, lang)
    return text


FORM_PREFIX = re.compile(r"(the|of_the|to_the|neither_the)_((?:card|player)\w*)$")
SEAT_FORM = re.compile(r"of_(seat\w*)$")


def deal_text(number: int, lang: str, form: str = "the") -> str:
    """A deal of a match by its number, as a sentence says it: "deal 2", "at deal 2"."""
    table = DEAL_FORMS[form]
    if number in table:
        return translator(lang).pgettext(*table[number])
    return translator(lang).pgettext(*table["more"]) % {"number": format_number(number, lang)}


def _placeholder(name: str, params: dict, lang: str) -> str:
    if name in params:
        return _render_value(name, params[name], lang)
    match = FORM_PREFIX.match(name)
    if match and match.group(2) in params:
        form, key = match.groups()
        negative = form == "neither_the"
        if key.startswith("card"):
            return cards_text(params[key], lang, "the" if negative else form, negative)
        return player_name(params[key], lang, "the" if negative else form)
    match = SEAT_FORM.match(name)
    if match and match.group(1) in params:
        return seat_name(params[match.group(1)], lang, "of")
    if name in ("the_deal", "at_the_deal"):
        return deal_text(params["number"], lang, name.removesuffix("_deal"))
    if name.endswith("_in_words") and name[:-9] in params:
        number = params[name[:-9]]
        if number in DEAL_COUNT_WORDS:
            return translator(lang).pgettext(*DEAL_COUNT_WORDS[number])
        return format_number(number, lang)
    if name.startswith("counted_") and name[8:] in COUNTED:
        key = name[8:]
        return _term(COUNTED[key], params[key], lang, key)
    if name == "strain":
        return strain_name(params["trump"], lang)
    if name == "contract":
        return contract_name(params["bid"], params["trump"], lang)
    if name in ("sum", "terms"):
        return sum_text(params, lang, total=name == "sum")
    if name == "main_terms":
        return sum_text(params, lang, False, [key for key in TERMS if key not in EXTRA_TERMS])
    if name == "extras":
        return sum_text(params, lang, False, EXTRA_TERMS)
    raise KeyError(name)


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")
# What may stand between a sentence's end and the placeholder that starts the next one.
SENTENCE_START = re.compile(r"(^|[.!?]\s+|\n)[\s¿¡«„“\"(]*$")
# Quoted as the reader wrote them (a bad value, an unknown option's name) or already
# capitalised by the translator (an option's label): never recapitalised.
VERBATIM = {"value", "option", "other"}


def fill(template: str, params: dict, lang: str) -> str:
    """``template`` with its placeholders rendered; one that starts a sentence is capitalised."""

    def replace(match: re.Match) -> str:
        if match.group(0) == "%%":
            return "%"
        text = _placeholder(match.group(1), params, lang)
        verbatim = match.group(1) in VERBATIM
        if text and not verbatim and SENTENCE_START.search(template, 0, match.start()):
            text = text[0].upper() + text[1:]
        return text

    return PLACEHOLDER.sub(replace, template)


def render(step: Step, lang: str = "en") -> str:
    """The sentence for one step, in ``lang`` (English when unknown)."""
    message = MESSAGES.get(step.code)
    if message is None:
        return step.code
    if isinstance(message, Variants):
        message = message.choose(step.params)
    token = _ORDER.set(CHOUINE_RANKS if "chouine" in step.code else RANKS)
    try:
        return fill(_translate(message, step.params, lang), step.params, lang)
    finally:
        _ORDER.reset(token)


def rendered(step: Step, lang: str = "en") -> tuple[str, list[dict]]:
    """The sentence for one step and the catalog entries it was made of, the sentence's own
    first, then each word it took in (a card's name, a seat, a list's pattern), each as a PO
    file names it: ``{"msgid"}``, plus ``"msgctxt"`` or ``"msgid_plural"`` where it has one.
    What a translator needs to find the words a reader saw.

    >>> rendered(Step("duplicate_card", {"card": "QH"}), "en")[1][0]
    {'msgid': '%(the_card)s appears twice; a deck has only one.'}
    >>> {"msgctxt": "card rank, with the", "msgid": "the queen"} in rendered(
    ...     Step("duplicate_card", {"card": "QH"}), "pt")[1]
    True
    """
    used: list[dict] = []
    token = _USED.set(used)
    try:
        text = render(step, lang)
    finally:
        _USED.reset(token)
    return text, used


def render_all(steps: list[Step], lang: str = "en") -> list[dict]:
    """Steps as the JSON interface writes them: ``{"code", "text"}``."""
    return [{"code": step.code, "text": render(step, lang)} for step in steps]
