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

from tutor.rules.coinche.profiles import coinche_profile

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
class Lesson:
    slug: str
    game: str
    title: str
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


COINCHE = (
    Lesson(
        "coinche-cards",
        "coinche",
        _("The cards, their order and their points"),
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
