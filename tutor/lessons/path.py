"""The three courses: lessons in order, each with its exercises as fixed positions.

A position is written in the notation of the engine's JSON interface
(shared/rules/CLI.md), so the engine poses, checks and explains it; a lesson
never states an answer itself. Positions come from the worked examples of the
seeds, or are small variations on them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor.rules.cards import card_code, mask_of, parse_cards
from tutor.rules.coinche.declarations import best_declarations
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import parse_trump

GAMES = {
    "coinche": _("Coinche"),
    "belote": _("Belote counting"),
    "chouine": pgettext_lazy("game", "Chouine"),
}
# Profiles a learner may switch to on a lesson, the default first.
COINCHE_PROFILES = ("federation", "official", "maison", "online-es", "encyclopedia")
BELOTE_PROFILES = ("maison", "official")
CHOUINE_PROFILES = ("chouine",)


@dataclass(frozen=True)
class Exercise:
    """One question of :mod:`tutor.exercises`: a type and either a fixed position (``data``,
    in the type's own shape, or a function of the profile's name giving it) or a seed and
    filters for the scenario generator."""

    type: str
    data: dict | Callable[[str], dict] | None = None
    seed: int = 0
    params: dict | None = None


@dataclass(frozen=True)
class TrickExample:
    """A Coinche trick played card by card: what each seat holds before it (the card it
    plays included; every seat the same number of cards, so the trick's number follows)
    and the cards in the order played from ``leader``; with ``dealer``, the first trick."""

    trump: str
    leader: str
    hands: dict[str, tuple[str, ...]]
    plays: tuple[str, ...]
    # The first trick of a deal, led by the player after the dealer.
    dealer: str | None = None


@dataclass(frozen=True)
class AuctionExample:
    """An auction called by call from ``dealer``'s left, to its contract."""

    dealer: str
    calls: tuple[str, ...]


@dataclass(frozen=True)
class DuelExample:
    """A Chouine trick: each player's hand before it, the card led by ``leader`` and the
    reply, with ``stock`` cards left (the ``indicator`` turned up under them)."""

    trump: str
    leader: str
    hands: dict[str, tuple[str, ...]]
    lead: str
    reply: str
    stock: int
    indicator: str | None = None


@dataclass(frozen=True)
class SolvedExample:
    """A position stepped through in the engine's own solution: a deal's score, a
    comparison of declarations, an announcement, the end of a game."""

    exercise: Exercise


Example = TrickExample | AuctionExample | DuelExample | SolvedExample


@dataclass(frozen=True)
class Lesson:
    """A lesson: its prose (:attr:`template`), the worked example it opens with, stepped
    through on the table (:mod:`tutor.lessons.examples`), and its exercises."""

    slug: str
    game: str
    title: str
    example: Example
    exercises: tuple[Exercise, ...]
    profiles: tuple[str, ...] = field(default=COINCHE_PROFILES)

    @property
    def template(self) -> str:
        return f"lessons/prose/{self.slug}.html"


def _summary(
    ns: int,
    ew: int,
    last: str,
    bid: int | str | None = 80,
    trump: str = "H",
    double: int = 1,
    tricks: tuple[int, int, int, int] = (3, 2, 2, 1),
    declarations: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    deposit: int = 0,
) -> dict:
    """A deal's summary for ``deal_score``: South holds the contract (``bid`` None: classic
    Belote, South took). Points and tricks go North-South then East-West; ``tricks`` follow the
    seats S E N W; ``last`` is the side of the last trick."""
    return {
        "contract": {"seat": "S", "bid": bid, "trump": trump, "double": double},
        "classic": bid is None,
        "card_points": [ns, ew],
        "tricks": list(tricks),
        "last_trick": ("NS", "EW").index(last),
        "declarations": list(declarations),
        "belote": list(belote),
        "deposit": deposit,
        "sides": ["NS", "EW"],
    }


def _game(short: tuple[int, int], pending: int | None = None, **deal) -> Callable[[str], dict]:
    """A ``game_end`` position: the deal (``_summary``'s arguments) and each side's total
    before it, given as how far it is below the profile's target (negative: over it), so that
    the position means the same under every profile; ``pending`` is the side (0 North-South,
    1 East-West) that reached the target earlier only through its belote."""

    def position(profile: str) -> dict:
        target = coinche_profile(profile).target
        totals = [target - points for points in short]
        return {**_summary(**deal), "totals": totals, "pending": pending}

    return position


def _trick(trump: str, leader: str, *cards: str) -> dict:
    """A trick as ``trick_winner`` and ``trick_points`` read it: cards in play order."""
    return {"trump": trump, "leader": leader, "trick": list(cards)}


def _legal(trump: str, leader: str, trick: list[str], seat: str, hand: list[str]) -> dict:
    return {"trump": trump, "leader": leader, "trick": trick, "seat": seat, "hand": hand}


def _call(dealer: str, calls: list[str], call: str) -> dict:
    return {"dealer": dealer, "calls": calls, "call": call}


CAPOT = (4, 0, 4, 0)


def _duel(lead: str, reply: str, trump: str, leader: str) -> dict:
    """A Chouine trick: ``leader`` plays ``lead``, the other player ``reply``."""
    return {"lead": lead, "reply": reply, "trump": trump, "leader": leader}


def _announce(hand: list[str], options: list[list]) -> dict:
    """Player A, hearts trump, nothing announced yet, about to play from ``hand``."""
    return {
        "hand": hand,
        "trump": "H",
        "player": "A",
        "used": [],
        "quinte_done": False,
        "options": options,
    }


# Four hands of a deal, hearts trump: East's quarte beats North's tierce, so East-West
# score theirs, West's tierce too; the declared cards are the engine's (best_declarations).
DECLARATION_HANDS = {
    "N": ["KC", "QC", "JC", "AS", "TH", "8D", "7C", "9H"],
    "E": ["9D", "TD", "JD", "QD", "AH", "KS", "7D", "8C"],
    "S": ["TS", "JS", "7H", "QH", "KH", "AD", "TC", "AC"],
    "W": ["7S", "8S", "9S", "QS", "8H", "JH", "KD", "9C"],
}


def _declarations_example(profile: str) -> dict:
    """The deal above as ``declarations_winner`` poses it, declared cards by the profile."""
    rules = coinche_profile(profile)
    trump = parse_trump("H", rules)
    declared = {
        seat: [
            card_code(c)
            for combination in best_declarations(mask_of(parse_cards(cards)), trump, rules)
            for c in combination.cards
        ]
        for seat, cards in DECLARATION_HANDS.items()
    }
    return {"trump": "H", "declared": declared, "hands": DECLARATION_HANDS}


COINCHE = (
    Lesson(
        "coinche-cards",
        "coinche",
        _("The cards, their order and their points"),
        TrickExample(
            "H",
            "S",
            {
                "S": ("KD", "8C", "QH"),
                "E": ("AD", "9S", "7C"),
                "N": ("7D", "JC", "8S"),
                "W": ("TD", "9D", "AS"),
            },
            ("KD", "AD", "7D", "TD"),
        ),
        (
            Exercise("trick_points", _trick("H", "S", "AS", "TS", "7S", "JH")),
            Exercise("trick_points", _trick("S", "N", "AH", "TH", "KH", "9H")),
            # Counting, not seats: who wins a trick is asked once the seats lesson has
            # taught the order of play.
            Exercise("trick_points", _trick("H", "S", "9H", "AH", "TH", "JH")),
        ),
    ),
    Lesson(
        "coinche-table",
        "coinche",
        _("Seats, the deal and the turn to play"),
        TrickExample(
            "C",
            "E",
            # A whole deal: South dealt, so East leads the first trick.
            {
                "S": ("8C", "9C", "AS", "TS", "7S", "KD", "QD", "8D"),
                "E": ("AH", "TH", "9S", "8S", "AD", "7D", "JC", "7C"),
                "N": ("7H", "8H", "JS", "QS", "TD", "9D", "AC", "QC"),
                "W": ("KH", "QH", "JH", "9H", "KS", "JD", "TC", "KC"),
            },
            ("AH", "7H", "KH", "8C"),
            dealer="S",
        ),
        (
            Exercise("trick_winner", _trick("H", "S", "9H", "AH", "TH", "JH")),
            Exercise("trick_winner", _trick("C", "W", "KD", "AD", "TD", "7D")),
            Exercise("trick_winner", _trick("C", "E", "AS", "TS", "8C", "QS")),
            Exercise("call_legal", _call("N", [], "S:90H")),
        ),
    ),
    Lesson(
        "coinche-auction",
        "coinche",
        _("The auction: bids, capot, coinche and surcoinche"),
        AuctionExample("N", ("80H", "90S", "pass", "pass", "100H", "coinche", "surcoinche")),
        (
            Exercise("call_legal", _call("N", ["90H"], "85S")),
            Exercise("call_legal", _call("N", ["100H", "pass"], "90S")),
            Exercise("call_legal", _call("N", ["100H", "pass"], "coinche")),
            Exercise("call_legal", _call("N", ["160H"], "capotS")),
            Exercise("call_legal", _call("N", ["100H"], "N:coinche")),
        ),
    ),
    Lesson(
        "coinche-play",
        "coinche",
        _("Following, trumping and overtrumping"),
        TrickExample(
            "H",
            "N",
            {
                "N": ("AS", "KC", "8D"),
                "W": ("9H", "QC", "7D"),
                "S": ("JH", "8H", "KD"),
                "E": ("7S", "TC", "9D"),
            },
            ("AS", "9H", "JH", "7S"),
        ),
        (
            Exercise("legal_cards", _legal("H", "S", ["AS"], "E", ["JH", "KS", "7S", "QD"])),
            Exercise("legal_cards", _legal("H", "S", ["AS", "TS", "7S"], "W", ["JH", "KD", "8C"])),
            Exercise("legal_cards", _legal("H", "E", ["7D", "AD", "8D"], "S", ["JH", "9C", "KC"])),
            Exercise("legal_cards", _legal("H", "N", ["AS", "JH"], "S", ["8H", "KD", "8C"])),
        ),
    ),
    Lesson(
        "coinche-tricks",
        "coinche",
        _("Winning and counting tricks, the last trick and capot"),
        TrickExample(
            "S",
            "W",
            {"W": ("AD", "QH"), "S": ("7S", "9C"), "E": ("TD", "8H"), "N": ("KC", "8S")},
            ("AD", "7S", "TD", "KC"),
        ),
        (
            Exercise("trick_winner", _trick("S", "N", "AD", "7S", "TD", "8S")),
            Exercise("trick_points", _trick("S", "N", "AD", "7S", "TD", "8S")),
            Exercise("deal_score", _summary(152, 0, "NS", tricks=CAPOT)),
        ),
    ),
    Lesson(
        "coinche-declarations",
        "coinche",
        _("Declarations and belote-rebelote"),
        SolvedExample(Exercise("declarations_winner", _declarations_example)),
        (
            Exercise(
                "declare",
                {
                    "trump": "H",
                    "seat": "S",
                    "hand": ["AS", "KS", "QS", "JS", "9H", "9D", "9C", "9S"],
                },
            ),
            Exercise(
                "declare",
                {
                    "trump": "D",
                    "seat": "W",
                    "hand": ["7C", "8C", "9C", "TC", "JC", "QC", "AH", "KD"],
                },
            ),
            Exercise("deal_score", _summary(70, 82, "EW", bid=90, belote=(20, 0))),
        ),
    ),
    Lesson(
        "coinche-scoring",
        "coinche",
        _("Scoring a deal"),
        SolvedExample(Exercise("deal_score", _summary(95, 57, "NS", bid=90))),
        (
            Exercise("deal_score", _summary(98, 54, "NS", bid=100)),
            Exercise("deal_score", _summary(79, 73, "NS", bid=90)),
            Exercise("deal_score", _summary(98, 54, "NS", bid=100, double=2)),
        ),
    ),
    Lesson(
        "coinche-game",
        "coinche",
        _("Winning the game and the belote rule"),
        SolvedExample(
            Exercise("game_end", _game((60, 400), ns=102, ew=50, last="NS", belote=(20, 0)))
        ),
        (
            Exercise("contract_made", _summary(76, 76, "EW", bid=80)),
            Exercise("deal_score", _summary(60, 92, "EW", bid=110, belote=(20, 0))),
            Exercise("deal_score", _summary(122, 30, "NS", bid=120, double=4)),
            # One game_end exercise per claim the prose makes about the end of the game, in
            # its order: the higher total wins, equal totals play on, belote alone in a failed
            # deal or in a deal without a trick does not win, a trick in a later deal does
            # (the federation's rule: under the other profiles the profile switch shows those
            # sides winning at once).
            # The made deal leaves both sides a raw total ending in 1, so that with rounding
            # or without, its two scores differ by 100 and the tie stays a tie everywhere.
            Exercise("game_end", _game((100, 40), ns=81, ew=71, last="NS")),
            Exercise("game_end", _game((150, 50), ns=81, ew=71, last="NS")),
            Exercise(
                "game_end",
                _game((10, 500), ns=50, ew=102, last="EW", belote=(20, 0), tricks=(2, 3, 1, 2)),
            ),
            Exercise(
                "game_end",
                _game((600, 10), ns=152, ew=0, last="NS", belote=(0, 20), tricks=CAPOT),
            ),
            Exercise(
                "game_end",
                _game((-10, 300), pending=0, ns=50, ew=102, last="EW", tricks=(2, 3, 1, 2)),
            ),
        ),
    ),
)

BELOTE = (
    Lesson(
        "belote-counting",
        "belote",
        _("Maison and Official counting"),
        SolvedExample(Exercise("deal_score", _summary(90, 62, "NS", bid=None))),
        (
            Exercise("deal_score", _summary(82, 70, "NS", bid=None, belote=(20, 0))),
            Exercise("deal_score", _summary(72, 80, "EW", bid=None, declarations=(50, 0))),
            Exercise("deal_score", _summary(98, 54, "NS", bid=100)),
        ),
        BELOTE_PROFILES,
    ),
    Lesson(
        "belote-dedans",
        "belote",
        _("Dedans, litige and the deposit"),
        SolvedExample(Exercise("deal_score", _summary(70, 82, "EW", bid=None))),
        (
            Exercise("deal_score", _summary(66, 86, "EW", bid=None, belote=(20, 0))),
            Exercise("deal_score", _summary(71, 81, "NS", bid=None)),
            Exercise("deal_score", _summary(90, 62, "NS", bid=None, deposit=81)),
        ),
        BELOTE_PROFILES,
    ),
    Lesson(
        "belote-tables",
        "belote",
        _("No trump, all trumps and coinche scoring"),
        SolvedExample(Exercise("deal_score", _summary(72, 48, "NS", bid=None, trump="SA"))),
        (
            Exercise("deal_score", _summary(56, 64, "NS", bid=None, trump="SA")),
            Exercise("deal_score", _summary(80, 72, "EW", bid=100, double=2)),
            Exercise("deal_score", _summary(152, 0, "NS", bid="capot", tricks=CAPOT)),
        ),
        BELOTE_PROFILES,
    ),
)

CHOUINE = (
    Lesson(
        "chouine-cards",
        "chouine",
        _("The cards and the deal"),
        DuelExample(
            "H",
            "A",
            {"A": ("TS", "KD", "8C", "QH", "7S"), "B": ("AS", "JD", "9C", "8H", "QS")},
            "TS",
            "AS",
            stock=22,
            indicator="9H",
        ),
        (
            Exercise("chouine_trick_winner", _duel("KS", "TS", "H", "A")),
            Exercise("chouine_trick_winner", _duel("TD", "KD", "H", "B")),
            Exercise("chouine_trick_winner", _duel("AD", "7H", "H", "B")),
        ),
        CHOUINE_PROFILES,
    ),
    Lesson(
        "chouine-stock",
        "chouine",
        _("The stock and free play"),
        DuelExample(
            "C",
            "A",
            {"A": ("KH", "AD", "7S", "QC", "9H"), "B": ("9D", "QS", "TH", "JC", "8S")},
            "KH",
            "9D",
            stock=12,
            indicator="8C",
        ),
        (
            Exercise(
                "chouine_legal",
                {
                    "hand": ["AS", "7C", "QH", "9D", "TH"],
                    "lead": "KH",
                    "trump": "C",
                    "stock": 12,
                    # The turned-up card under the stock, drawn on the table.
                    "indicator": "8C",
                    "player": "B",
                },
            ),
            Exercise("chouine_trick_winner", _duel("KH", "AS", "C", "A")),
            Exercise("chouine_trick_winner", _duel("KH", "7C", "C", "A")),
        ),
        CHOUINE_PROFILES,
    ),
    Lesson(
        "chouine-last-tricks",
        "chouine",
        _("The last five tricks and the seven of trumps"),
        DuelExample(
            "C",
            "A",
            {"A": ("QH", "TS", "8D", "9C", "AD"), "B": ("KH", "7H", "AC", "9S", "JD")},
            "QH",
            "KH",
            stock=0,
        ),
        (
            Exercise(
                "chouine_legal",
                {
                    "hand": ["AS", "7C", "QH", "9D", "TH"],
                    "lead": "KH",
                    "trump": "C",
                    "stock": 0,
                    "player": "B",
                },
            ),
            Exercise(
                "chouine_legal",
                {
                    "hand": ["AS", "7C", "QC", "9D", "TD"],
                    "lead": "KH",
                    "trump": "C",
                    "stock": 0,
                    "player": "B",
                },
            ),
            Exercise(
                "chouine_legal",
                {
                    "hand": ["AS", "7C", "AC", "9C", "TD"],
                    "lead": "KC",
                    "trump": "C",
                    "stock": 0,
                    "player": "B",
                },
            ),
            Exercise(
                "chouine_exchange_seven", seed=11, params={"situation": "chouine_exchange_too_late"}
            ),
        ),
        CHOUINE_PROFILES,
    ),
    Lesson(
        "chouine-announcements",
        "chouine",
        _("Announcements and the chouine"),
        SolvedExample(
            Exercise(
                "chouine_announcement",
                _announce(
                    ["KS", "QS", "AH", "TD", "KC"],
                    [["marriage", "S"], ["quateron", "S"], ["quinte", None]],
                ),
            )
        ),
        (
            Exercise(
                "chouine_announcement",
                _announce(
                    ["KH", "QH", "JH", "AS", "TS"],
                    [["tierce", "H"], ["quateron", "H"], ["marriage", "S"]],
                ),
            ),
            Exercise(
                "chouine_announcement",
                _announce(
                    ["KS", "QD", "JD", "AS", "QS"],
                    [["marriage", "D"], ["marriage", "S"], ["tierce", "S"]],
                ),
            ),
            Exercise(
                "chouine_announcement",
                _announce(
                    ["AS", "TS", "AD", "TD", "TC"],
                    [["quinte", None], ["marriage", "S"], ["quateron", "D"]],
                ),
            ),
        ),
        CHOUINE_PROFILES,
    ),
    Lesson(
        "chouine-scoring",
        "chouine",
        _("Scoring a deal and the match"),
        SolvedExample(
            Exercise(
                "chouine_deal_winner",
                {
                    "trump": "S",
                    "card_points": {"A": 58, "B": 62},
                    "last_trick": "A",
                    "announcements": {"A": [["marriage", "S"]], "B": [["tierce", "H"]]},
                },
            )
        ),
        (
            # Seed 001's example: Alice (A) 70 with the last trick and a plain marriage, Bob
            # (B) 60 and the trump marriage, 90 to 100.
            Exercise(
                "chouine_deal_winner",
                {
                    "trump": "H",
                    "card_points": {"A": 60, "B": 60},
                    "last_trick": "A",
                    "announcements": {"A": [["marriage", "S"]], "B": [["marriage", "H"]]},
                },
            ),
            Exercise(
                "chouine_deal_winner",
                {
                    "trump": "H",
                    "card_points": {"A": 60, "B": 60},
                    "last_trick": "B",
                    "announcements": {"A": [], "B": []},
                },
            ),
            Exercise(
                "chouine_deal_winner",
                {
                    "trump": "S",
                    "card_points": {"A": 55, "B": 65},
                    "last_trick": "A",
                    "announcements": {"A": [], "B": []},
                },
            ),
            Exercise(
                "chouine_match_winner", {"first_dealer": "A", "results": ["A", "B", None, "B", "A"]}
            ),
            Exercise(
                "chouine_match_winner", {"first_dealer": "B", "results": ["B", None, "A", "B", "B"]}
            ),
        ),
        CHOUINE_PROFILES,
    ),
)

COURSES = {"coinche": COINCHE, "belote": BELOTE, "chouine": CHOUINE}
LESSONS = {lesson.slug: lesson for course in COURSES.values() for lesson in course}


def get_lesson(slug: str) -> Lesson | None:
    return LESSONS.get(slug)
