"""Declarations: carrés, sequences, belote-rebelote, and which side scores them.

Sequences run in the order 7 8 9 10 J Q K A of one suit, which is the order of
:data:`tutor.rules.cards.RANKS`, so a run is a run of set bits in a suit's
byte. A run longer than five counts as a quinte (100) and its other cards
form no second combination (000, 002).

D1: a card serves in one combination, and the engine picks the set with the
most points, then the one with the highest best combination.
D2: carrés of equal points compare by height A > 10 > K > Q (> J > 9 in no
trump), the order of a plain suit.

>>> from tutor.rules.cards import parse_cards, mask_of, HEARTS
>>> hand = mask_of(parse_cards(["JS", "JH", "JD", "JC", "9H", "TH", "QH", "KH"]))
>>> [(c.kind, c.points) for c in best_declarations(hand, HEARTS, FEDERATION)]
[('carre', 200)]
>>> hand = mask_of(parse_cards(["JS", "JH", "JD", "JC", "7H", "8H", "9H", "AS"]))
>>> [(c.kind, c.points) for c in best_declarations(hand, HEARTS, FEDERATION)]
[('carre', 200), ('tierce', 20)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import KING, QUEEN, card_code, card_of
from ..explain import Step, gettext_noop, messages, ngettext_noop, variants
from .profiles import FEDERATION, Profile
from .tricks import PLAIN_ORDER, SA, TA

messages(
    {
        "declaration": variants(
            lambda params: params["kind"],
            tierce=ngettext_noop(
                "%(seat)s declares a tierce to %(the_card_top)s (%(points)s point).",
                "%(seat)s declares a tierce to %(the_card_top)s (%(points)s points).",
                "points",
            ),
            quarte=ngettext_noop(
                "%(seat)s declares a quarte to %(the_card_top)s (%(points)s point).",
                "%(seat)s declares a quarte to %(the_card_top)s (%(points)s points).",
                "points",
            ),
            quinte=ngettext_noop(
                "%(seat)s declares a quinte to %(the_card_top)s (%(points)s point).",
                "%(seat)s declares a quinte to %(the_card_top)s (%(points)s points).",
                "points",
            ),
            carre=ngettext_noop(
                "%(seat)s declares four %(ranks)s (%(points)s point).",
                "%(seat)s declares four %(ranks)s (%(points)s points).",
                "points",
            ),
        ),
        "declarations_best": ngettext_noop(
            "The best declaration belongs to %(side)s: only that partnership scores its "
            "declarations, %(points)s point.",
            "The best declaration belongs to %(side)s: only that partnership scores its "
            "declarations, %(points)s points.",
            "points",
        ),
        # Why the best declaration wins when both sides hold one worth as much.
        "declarations_why": variants(
            lambda params: params["why"],
            carre=gettext_noop(
                "The two best declarations are worth the same, and under these rules a carré "
                "beats a sequence."
            ),
            sequence=gettext_noop(
                "The two best declarations are worth the same, and under these rules a sequence "
                "beats a carré."
            ),
            height=gettext_noop(
                "The two best declarations are worth the same: the one with the higher cards wins."
            ),
            trump=gettext_noop(
                "The two best declarations are worth the same and go up to the same card: the one "
                "in trumps wins."
            ),
        ),
        "declarations_tie": gettext_noop(
            "Both partnerships hold declarations of the same value: neither scores them."
        ),
        # About one hand, the answer names its seat; about the table, nobody.
        "declarations_none": variants(
            lambda params: "seat" if "seat" in params else "table",
            seat=gettext_noop("%(seat)s has nothing to declare."),
            table=gettext_noop("Nobody has anything to declare."),
        ),
        # A played deal where combinations were held but none was declared.
        "declarations_withheld": gettext_noop("Nobody declared anything."),
        "declarations_off": gettext_noop("This profile plays without declarations."),
        "declaring_choice": gettext_noop(
            "Declaring is up to you: the cards you declare are shown to the table, and only "
            "the partnership holding the best declaration scores any."
        ),
        "declaring_choice_uncounted": gettext_noop(
            "Declaring is up to you: the cards you declare are shown to the table, only the "
            "partnership holding the best declaration scores any, and under this profile they "
            "do not count towards making the contract."
        ),
        "belote": ngettext_noop(
            "%(seat)s held the king and queen of trump: belote-rebelote, %(points)s point.",
            "%(seat)s held the king and queen of trump: belote-rebelote, %(points)s points.",
            "points",
        ),
    }
)

KINDS = ("tierce", "quarte", "quinte", "carre")
_SEQUENCE_POINTS = {3: 20, 4: 50}
# Bits where a run of three can start without crossing into the next suit.
_RUN_STARTS = sum(0x3F << (8 * suit) for suit in range(4))


@dataclass(frozen=True)
class Combination:
    """One declared combination. ``key`` orders combinations for the comparison."""

    kind: str
    cards: tuple[int, ...]
    points: int
    key: tuple[int, int, int, int]

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "cards": [card_code(c) for c in self.cards],
            "points": self.points,
        }


def _carres(hand: int, trump: int, profile: Profile) -> list[Combination]:
    table = profile.sa_carre_points if trump == SA else profile.carre_points
    fours = hand & hand >> 8 & hand >> 16 & hand >> 24 & 0xFF
    found = []
    while fours:
        rank = (fours & -fours).bit_length() - 1
        fours &= fours - 1
        if table[rank]:
            cards = tuple(card_of(suit, rank) for suit in range(4))
            kind_rank = 0 if profile.sequence_beats_carre else 1
            key = (table[rank], kind_rank, PLAIN_ORDER[rank], 0)
            found.append(Combination("carre", cards, table[rank], key))
    return found


def _sequences(hand: int, trump: int, profile: Profile) -> list[Combination]:
    found = []
    for suit in range(4):
        bits = hand >> (8 * suit) & 0xFF
        rank = 0
        while rank < 8:
            if not bits >> rank & 1:
                rank += 1
                continue
            start = rank
            while rank < 8 and bits >> rank & 1:
                rank += 1
            length = rank - start
            if length >= 3:
                points = _SEQUENCE_POINTS.get(length, 100)
                kind = KINDS[min(length, 5) - 3]
                trump_flag = 1 if trump == TA or suit == trump else 0
                kind_rank = 1 if profile.sequence_beats_carre else 0
                key = (points, kind_rank, rank - 1, trump_flag)
                cards = tuple(card_of(suit, r) for r in range(start, rank))
                found.append(Combination(kind, cards, points, key))
    return found


def all_combinations(hand: int, trump: int, profile: Profile = FEDERATION) -> list[Combination]:
    """Every carré and every maximal sequence in ``hand``, overlapping or not.

    >>> from tutor.rules.cards import parse_cards, mask_of
    >>> hand = mask_of(parse_cards(["AS", "KS", "QS", "AH", "AD", "AC"]))
    >>> [c.kind for c in all_combinations(hand, 1)]
    ['carre', 'tierce']
    """
    return _carres(hand, trump, profile) + _sequences(hand, trump, profile)


def best_declarations(hand: int, trump: int, profile: Profile = FEDERATION) -> list[Combination]:
    """The best set of non-overlapping combinations of ``hand`` (D1)."""
    if not profile.declarations:
        return []
    runs = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
    fours = hand & hand >> 8 & hand >> 16 & hand >> 24 & 0xFF
    if not runs and not fours:
        return []
    carres = _carres(hand, trump, profile)
    best: list[Combination] = []
    best_key: tuple = (0, ())
    for choice in range(1 << len(carres)):
        chosen = [c for i, c in enumerate(carres) if choice >> i & 1]
        rest = hand
        for combination in chosen:
            for card in combination.cards:
                rest &= ~(1 << card)
        combinations = chosen + _sequences(rest, trump, profile)
        key = (
            sum(c.points for c in combinations),
            max((c.key for c in combinations), default=()),
        )
        if key > best_key:
            best, best_key = combinations, key
    return best


def compare(
    ns: list[Combination], ew: list[Combination]
) -> tuple[int | None, tuple | None, tuple | None]:
    """Which side (0 NS, 1 EW) scores its declarations, or ``None`` (nothing, or a tie).

    Returns the winner and each side's best key.

    >>> from tutor.rules.cards import parse_cards, mask_of
    >>> a = best_declarations(mask_of(parse_cards(["7H", "8H", "9H"])), 0)
    >>> b = best_declarations(mask_of(parse_cards(["7D", "8D", "9D"])), 0)
    >>> compare(a, b)[0] is None
    True
    """
    best_ns = max((c.key for c in ns), default=None)
    best_ew = max((c.key for c in ew), default=None)
    if best_ns is None and best_ew is None:
        return None, None, None
    if best_ew is None or (best_ns is not None and best_ns > best_ew):
        return 0, best_ns, best_ew
    if best_ns is None or best_ew > best_ns:
        return 1, best_ns, best_ew
    return None, best_ns, best_ew


def declaration_step(seat: str, c: Combination) -> Step:
    """One declared combination, as the sentence that names it."""
    params = {"seat": seat, "kind": c.kind, "points": c.points}
    if c.kind == "carre":
        params["ranks"] = card_code(c.cards[0])[0]
    else:
        # A longer run counts as a quinte of its five highest cards (000).
        counted = c.cards[-5:]
        params["card_top"] = card_code(counted[-1])
        params["cards"] = [card_code(x) for x in reversed(counted)]
    return Step("declaration", params)


def _why(by_seat: dict[str, list[Combination]], winner: int) -> str | None:
    """What decided between the two sides' best declarations when they are worth the same
    (their keys: points, kind, top card, trump), or None when one is worth more or alone."""
    keys = [
        max(
            (c.key for seat, cs in by_seat.items() if (seat in "NS") == (side == 0) for c in cs),
            default=None,
        )
        for side in (0, 1)
    ]
    won, lost = keys[winner], keys[1 - winner]
    if lost is None or won[0] != lost[0]:
        return None
    if won[1] != lost[1]:
        carre = next(
            c.kind == "carre"
            for seat, cs in by_seat.items()
            if (seat in "NS") == (winner == 0)
            for c in cs
            if c.key == won
        )
        return "carre" if carre else "sequence"
    return "height" if won[2] != lost[2] else "trump"


def declaration_steps(
    by_seat: dict[str, list[Combination]], winner: int | None, withheld: bool = False
) -> list[Step]:
    """The explanation of a comparison: who declared what, and who scores. ``withheld``: a
    combination was held but not declared, so "nobody has anything" would be untrue."""
    steps = []
    for seat, combinations in by_seat.items():
        for c in combinations:
            steps.append(declaration_step(seat, c))
    if not steps and withheld:
        return [Step("declarations_withheld")]
    if not steps:
        # One hand asked about: say whose; several: nobody at the table.
        seat = {"seat": next(iter(by_seat))} if len(by_seat) == 1 else {}
        return [Step("declarations_none", seat)]
    if winner is None:
        steps.append(Step("declarations_tie"))
    else:
        side = "NS" if winner == 0 else "EW"
        why = _why(by_seat, winner)
        if why:
            steps.append(Step("declarations_why", {"why": why}))
        points = sum(
            c.points
            for seat, combinations in by_seat.items()
            if (seat in "NS") == (winner == 0)
            for c in combinations
        )
        steps.append(Step("declarations_best", {"side": side, "points": points}))
    return steps


def belote_suits(trump: int, profile: Profile) -> tuple[int, ...]:
    """The suits in which king and queen make a belote under this contract."""
    if trump < SA:
        return (trump,)
    if trump == TA and profile.belote_in_ta:
        return (0, 1, 2, 3)
    return ()


def belote_points(count: int, profile: Profile) -> int:
    """Points of ``count`` belotes held by one player (002's "belote d'or" for four)."""
    if count == 4 and profile.belote_gold:
        return profile.belote_gold
    return count * profile.belote


def hand_belotes(hand: int, trump: int, profile: Profile = FEDERATION) -> int:
    """How many belotes (king and queen of a trump suit) ``hand`` holds.

    >>> from tutor.rules.cards import parse_cards, mask_of
    >>> hand_belotes(mask_of(parse_cards(["KH", "QH", "KS", "QS"])), 1)
    1
    """
    return sum(
        1
        for suit in belote_suits(trump, profile)
        if hand >> card_of(suit, KING) & 1 and hand >> card_of(suit, QUEEN) & 1
    )


def declaring_choice(profile: Profile) -> Step:
    """Why a player may keep a combination quiet under ``profile`` (000: the best side
    alone scores; the declared cards are shown)."""
    return Step("declaring_choice" if profile.declarations_count else "declaring_choice_uncounted")
