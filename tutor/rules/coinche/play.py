"""Which cards may be played, the rule that decided it, and why the others may not.

:func:`legal_mask` is the fast question (bitmasks in, bitmask out) used to
play whole deals; :func:`legal_plays` answers the same question with its
explanation. Both go through :func:`decide`, so they cannot disagree.

The undertrump obligation is the one rule the sources split on: seed 000
lets a player who cannot overtrump an opponent's trump discard any card,
the classic profiles (002, 003, 004) make them trump anyway.

>>> from tutor.rules.cards import parse_cards, mask_of, HEARTS
>>> from tutor.rules.profiles import get_profile
>>> hand = parse_cards(["7H", "KD"])
>>> trick = [("S", parse_cards(["AD"])[0]), ("W", parse_cards(["JH"])[0])]
>>> legal_plays(hand, trick, "N", HEARTS, get_profile("federation")).codes()
['KD']
>>> answer = legal_plays(hand, trick, "N", HEARTS, get_profile("official"))
>>> answer.codes(), answer.rule
(['KD'], 'follow_suit')
>>> hand = parse_cards(["7H", "KC"])
>>> legal_plays(hand, trick, "N", HEARTS, get_profile("federation")).rule
'may_discard'
>>> legal_plays(hand, trick, "N", HEARTS, get_profile("official")).codes()
['7H']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import SUIT_MASKS, SUITS, card_code, next_seat, partner_of
from ..errors import RulesError
from ..explain import Step, about_seat, gettext_noop, group_cards, messages, ngettext_noop
from .profiles import Profile
from .tricks import (
    ABOVE_TRUMP,
    IDENTITY,
    POWER,
    SA,
    map_mask,
    order_map,
    trump_code,
    winner_index,
)

GENERALE_BIDS = ("generale", "generalebelote")

messages(
    {
        "lead_any": about_seat(
            gettext_noop("%(seat_playing)s leads the trick and may play any card."),
            gettext_noop("You lead the trick: you may play any card."),
        ),
        "lead_no_trump_vs_capot": about_seat(
            gettext_noop(
                "%(seat_playing)s leads against a capot or générale: under these rules a trump "
                "may not be led."
            ),
            gettext_noop(
                "You lead against a capot or générale: under this profile you may not lead a trump."
            ),
        ),
        "illegal_trump_lead": ngettext_noop(
            "You may not lead %(neither_the_card)s: it is a trump, and against a capot a trump "
            "cannot be led.",
            "You may not lead %(neither_the_card)s: they are trumps, and against a capot a trump "
            "cannot be led.",
            "card",
        ),
        "trump_led_overtrump": about_seat(
            gettext_noop(
                "Trumps were led: %(seat_playing)s must play a trump higher than "
                "%(the_card_master)s."
            ),
            gettext_noop("Trumps were led: you must play a trump higher than %(the_card_master)s."),
        ),
        "trump_led_any_trump": about_seat(
            gettext_noop(
                "Trumps were led and %(seat_playing)s cannot beat %(the_card_master)s, so must "
                "play a trump, any one."
            ),
            gettext_noop(
                "Trumps were led and you cannot beat %(the_card_master)s: play any trump."
            ),
        ),
        "trump_led_no_trump": about_seat(
            gettext_noop(
                "Trumps were led and %(seat_playing)s has none left, so may play any card."
            ),
            gettext_noop("Trumps were led and you have none left: you may play any card."),
        ),
        "follow_suit": about_seat(
            gettext_noop(
                "%(seat_playing)s holds %(suit)s, the suit led, so must play one of them, without"
                " having to beat the trick."
            ),
            gettext_noop(
                "You hold %(suit)s, the suit led: play one of them; you need not beat the trick."
            ),
        ),
        "partner_master": about_seat(
            gettext_noop(
                "%(seat_playing)s holds no %(suit)s and their partner, %(seat)s, is winning the "
                "trick with %(the_card_master)s, so any card may be played."
            ),
            gettext_noop(
                "You hold no %(suit)s and your partner, %(seat)s, is winning the trick with "
                "%(the_card_master)s: you may play any card."
            ),
        ),
        "must_trump": about_seat(
            gettext_noop(
                "%(seat_playing)s holds no %(suit)s and an opponent is winning the trick, so must"
                " trump."
            ),
            gettext_noop(
                "You hold no %(suit)s and an opponent is winning the trick: you must trump."
            ),
        ),
        "must_overtrump": about_seat(
            gettext_noop(
                "%(seat_playing)s holds no %(suit)s and an opponent is winning with "
                "%(the_card_master)s, so must play a higher trump."
            ),
            gettext_noop(
                "You hold no %(suit)s and an opponent is winning with %(the_card_master)s: you "
                "must play a higher trump."
            ),
        ),
        "must_undertrump": about_seat(
            gettext_noop(
                "%(seat_playing)s holds no %(suit)s and cannot beat %(the_card_master)s of the "
                "opponent: under these rules a trump must still be played, even a lower one "
                "(undertrump)."
            ),
            gettext_noop(
                "You hold no %(suit)s and cannot beat %(the_card_master)s of your opponent: under "
                "this profile you must still play a trump, even a lower one (undertrump)."
            ),
        ),
        "may_discard": about_seat(
            gettext_noop(
                "%(seat_playing)s holds no %(suit)s and cannot beat %(the_card_master)s of the "
                "opponent: under these rules any card may be discarded instead of a lower trump."
            ),
            gettext_noop(
                "You hold no %(suit)s and cannot beat %(the_card_master)s of your opponent: under "
                "this profile you may discard any card instead of playing a lower trump."
            ),
        ),
        "no_suit_no_trump": about_seat(
            gettext_noop(
                "%(seat_playing)s holds neither %(suit)s nor a trump, so may play any card."
            ),
            gettext_noop("You hold neither %(suit)s nor a trump: you may play any card."),
        ),
        "sa_follow": about_seat(
            gettext_noop(
                "No trump: %(seat_playing)s holds %(suit)s, the suit led, so must play one of "
                "them, without having to beat the trick."
            ),
            gettext_noop(
                "No trump: you hold %(suit)s, the suit led, so play one of them; you need not beat "
                "the trick."
            ),
        ),
        "sa_discard": about_seat(
            gettext_noop("No trump: %(seat_playing)s holds no %(suit)s, so may play any card."),
            gettext_noop("No trump: you hold no %(suit)s, so you may play any card."),
        ),
        "ta_overcard": about_seat(
            gettext_noop(
                "All trumps: %(seat_playing)s must follow %(suit)s and beat %(the_card_master)s."
            ),
            gettext_noop("All trumps: you must follow %(suit)s and beat %(the_card_master)s."),
        ),
        "ta_follow": about_seat(
            gettext_noop(
                "All trumps: %(seat_playing)s cannot beat %(the_card_master)s, so may play any of"
                " their %(suit)s."
            ),
            gettext_noop(
                "All trumps: you cannot beat %(the_card_master)s, so play any of your %(suit)s."
            ),
        ),
        "ta_discard": about_seat(
            gettext_noop("All trumps: %(seat_playing)s holds no %(suit)s, so may play any card."),
            gettext_noop("All trumps: you hold no %(suit)s, so you may play any card."),
        ),
        # Counted by the cards: a language may build the sentence otherwise around a list
        # after a negation ("ne pouvez jouer ni… ni…").
        "illegal_must_follow": ngettext_noop(
            "You may not play %(neither_the_card)s: you must follow %(suit)s.",
            "You may not play %(neither_the_card)s: you must follow %(suit)s.",
            "card",
        ),
        "illegal_must_trump": ngettext_noop(
            "You may not play %(neither_the_card)s: you must trump.",
            "You may not play %(neither_the_card)s: you must trump.",
            "card",
        ),
        "illegal_too_low": ngettext_noop(
            "You may not play %(neither_the_card)s: it does not beat %(the_card_master)s, and "
            "you hold a card that does.",
            "You may not play %(neither_the_card)s: they do not beat %(the_card_master)s, and "
            "you hold a card that does.",
            "card",
        ),
        "empty_hand": gettext_noop("The hand has no cards."),
        "hand_too_big": gettext_noop("A hand holds at most 8 cards, not %(count)s."),
        "trick_full": gettext_noop("A trick has at most three cards before yours."),
        "seat_in_trick": gettext_noop("%(seat)s has already played to this trick."),
        "bad_trick": gettext_noop(
            'Each entry of "trick" needs a seat and a card, as in {"seat": "S", "card": "AS"}.'
        ),
    }
)

# Rule codes returned by decide(): the decision and the family of reasons
# given for the cards it forbids.
_FOLLOW_RULES = {
    "follow_suit",
    "sa_follow",
    "ta_follow",
    "ta_overcard",
    "trump_led_any_trump",
    "trump_led_overtrump",
}
_BEAT_RULES = {"ta_overcard", "trump_led_overtrump", "must_overtrump"}


def decide(
    hand: int, lead: int, master: int, partner_master: bool, trump: int, undertrump: bool
) -> tuple[int, str]:
    """The legal cards of ``hand`` (a bitmask) and the rule that decided them.

    ``master`` is the card now winning the trick, led in suit ``lead``.
    """
    if trump < SA:
        trumps = hand & SUIT_MASKS[trump]
        if lead == trump:
            if not trumps:
                return hand, "trump_led_no_trump"
            higher = trumps & ABOVE_TRUMP[master]
            if higher:
                return higher, "trump_led_overtrump"
            return trumps, "trump_led_any_trump"
        follow = hand & SUIT_MASKS[lead]
        if follow:
            return follow, "follow_suit"
        if partner_master:
            return hand, "partner_master"
        if not trumps:
            return hand, "no_suit_no_trump"
        if master >> 3 != trump:
            return trumps, "must_trump"
        higher = trumps & ABOVE_TRUMP[master]
        if higher:
            return higher, "must_overtrump"
        if undertrump:
            return trumps, "must_undertrump"
        return hand, "may_discard"
    follow = hand & SUIT_MASKS[lead]
    if trump == SA:
        return (follow, "sa_follow") if follow else (hand, "sa_discard")
    if not follow:
        return hand, "ta_discard"
    higher = follow & ABOVE_TRUMP[master]
    return (higher, "ta_overcard") if higher else (follow, "ta_follow")


def profile_legal_mask(
    profile: Profile, hand: int, trick: list[int] | tuple[int, ...], trump: int
) -> int:
    """:func:`legal_mask` under ``profile``'s card order and undertrump rule (a lead is free)."""
    mapping = order_map(profile, trump)
    if mapping is IDENTITY:
        return legal_mask(hand, trick, trump, profile.undertrump)
    mapped = legal_mask(
        map_mask(hand, mapping), [mapping[c] for c in trick], trump, profile.undertrump
    )
    return map_mask(mapped, mapping)


def legal_mask(hand: int, trick: list[int] | tuple[int, ...], trump: int, undertrump: bool) -> int:
    """Legal cards (bitmask) for the next player, the trick's seats following the rotation.

    >>> from tutor.rules.cards import parse_cards, mask_of, cards_of, card_code, HEARTS
    >>> hand = mask_of(parse_cards(["JH", "KD"]))
    >>> legal = legal_mask(hand, parse_cards(["AS", "TS", "7S"]), HEARTS, False)
    >>> [card_code(c) for c in cards_of(legal)]
    ['JH']
    """
    n = len(trick)
    if not n:
        return hand
    lead = trick[0] >> 3
    power = POWER[trump][lead]
    best, best_power = 0, power[trick[0]]
    for i in range(1, n):
        if power[trick[i]] > best_power:
            best, best_power = i, power[trick[i]]
    return decide(hand, lead, trick[best], best == n - 2, trump, undertrump)[0]


@dataclass
class LegalAnswer:
    """The legal cards (in the hand's order), the deciding rule and every reason."""

    legal: list[int]
    rule: str
    steps: list[Step]
    illegal: dict[int, Step] = field(default_factory=dict)

    def codes(self) -> list[str]:
        return [card_code(card) for card in self.legal]


def _illegal_reason(card: int, rule: str, lead: int, master: int) -> Step:
    if rule in _FOLLOW_RULES and card >> 3 != lead:
        return Step("illegal_must_follow", {"card": card_code(card), "suit": SUITS[lead]})
    if rule in _BEAT_RULES and card >> 3 == master >> 3:
        return Step("illegal_too_low", {"card": card_code(card), "card_master": card_code(master)})
    return Step("illegal_must_trump", {"card": card_code(card)})


def first_leader(profile: Profile, dealer: str, contract) -> str:
    """Who leads the first trick: the dealer's right-hand player, or under a générale the
    player who bid it (002 line 99, "i se permite să joace primul"; ``generale_leads``)."""
    if contract is not None and contract.bid in GENERALE_BIDS and profile.generale_leads:
        return contract.seat
    return next_seat(dealer)


def lead_mask(hand: int, trump: int, profile: Profile, against_capot: bool) -> int:
    """The cards a player may lead: all, except trumps for a defender against a capot or
    générale under ``no_trump_lead_vs_capot`` (002 line 154) while they hold another suit."""
    if against_capot and profile.no_trump_lead_vs_capot and trump < SA:
        others = hand & ~SUIT_MASKS[trump]
        if others:
            return others
    return hand


def legal_plays(
    hand: list[int],
    trick: list[tuple[str, int]],
    seat: str,
    trump: int,
    profile: Profile,
    against_capot: bool = False,
) -> LegalAnswer:
    """The legal cards of ``seat`` holding ``hand`` with ``trick`` (seat, card) on the table.

    Partners are found by seat, so the trick's seats need not follow the
    rotation. ``against_capot``: the player's opponents bid a capot or générale.
    Input that is not a position raises :class:`RulesError`.
    """
    if not hand:
        raise RulesError("empty_hand")
    if len(hand) > 8:
        raise RulesError("hand_too_big", count=len(hand))
    if len(trick) > 3:
        raise RulesError("trick_full")
    seen = 0
    for card in [*hand, *(card for _, card in trick)]:
        if seen >> card & 1:
            raise RulesError("duplicate_card", card=card_code(card))
        seen |= 1 << card
    seats = [s for s, _ in trick]
    for i, s in enumerate(seats):
        if s == seat or s in seats[:i]:
            raise RulesError("seat_in_trick", seat=s)
    mask = sum(1 << card for card in hand)
    if not trick:
        legal = lead_mask(mask, trump, profile, against_capot)
        if legal == mask:
            return LegalAnswer(list(hand), "lead_any", [Step("lead_any")])
        steps = [Step("lead_no_trump_vs_capot")]
        illegal = {
            c: Step("illegal_trump_lead", {"card": card_code(c)})
            for c in hand
            if not legal >> c & 1
        }
        steps += illegal.values()
        return LegalAnswer(
            [c for c in hand if legal >> c & 1], "lead_no_trump_vs_capot", steps, illegal
        )
    cards = [card for _, card in trick]
    # Under the inverted order the rules run on relabelled cards (tricks.order_map).
    mapping = order_map(profile, trump)
    best = winner_index([mapping[c] for c in cards], trump)
    master = cards[best]
    lead = cards[0] >> 3
    partner_master = seats[best] == partner_of(seat)
    legal, rule = decide(
        map_mask(mask, mapping), lead, mapping[master], partner_master, trump, profile.undertrump
    )
    legal = map_mask(legal, mapping)
    params = {"suit": SUITS[lead], "card_master": card_code(master)}
    if rule == "partner_master":
        params["seat"] = seats[best]
    if trump >= SA:
        params["trump"] = trump_code(trump)
    illegal = {}
    for card in hand:
        if not legal >> card & 1:
            illegal[card] = _illegal_reason(card, rule, lead, master)
    # One sentence per reason, naming all the cards it forbids.
    steps = [Step(rule, params), *group_cards(list(illegal.values()))]
    return LegalAnswer([c for c in hand if legal >> c & 1], rule, steps, illegal)
