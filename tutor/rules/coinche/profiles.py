"""Coinche and Belote rule profiles: one frozen set of options read by one engine.

A profile never carries code. The five profiles of the sources are values of
:class:`Profile`; a club's house rules are a base profile with a few options
changed by :func:`make_profile`, which checks every override.

>>> get_profile("federation").undertrump, get_profile("official").undertrump
(False, True)
>>> house = make_profile("federation", max_bid=180, contract_margin=1)
>>> house.max_bid, house.contract_margin, house.name
(180, 1, 'federation~max_bid:180~contract_margin:1')
>>> try:
...     make_profile("federation", max_bid="high")
... except RulesError as err:
...     print(err.code, err.params["option"])
bad_option_type max_bid
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import ClassVar

from ..errors import RulesError
from ..explain import gettext_noop, messages, option_game
from ..profiles import encode, get_profile, register_profile

messages(
    {
        "unknown_option": gettext_noop('"%(option)s" is not a rule option.'),
        "bad_option_type": gettext_noop(
            'The option "%(option)s" must be %(expected)s, not "%(value)s".'
        ),
        "bad_option_value": gettext_noop('The option "%(option)s" cannot be "%(value)s".'),
        "contradictory_options": gettext_noop(
            'The options "%(option)s" and "%(other)s" contradict each other.'
        ),
        "option_out_of_range": gettext_noop(
            'The option "%(option)s" must be between %(points_min)s and %(points_max)s, '
            'not "%(value)s".'
        ),
        "option_not_multiple": gettext_noop(
            'The option "%(option)s" must be a multiple of the bid step, %(step)s, not "%(value)s".'
        ),
        "bad_option_choice": gettext_noop(
            'The option "%(option)s" cannot be "%(value)s": use one of %(choices)s.'
        ),
        "profile_not_coinche": gettext_noop(
            "The profile %(value)s is not a Coinche or Belote profile."
        ),
        "option_not_coinche": gettext_noop(
            'The option "%(option)s" is a rule of Chouine: Coinche and Belote rules do not have it.'
        ),
    }
)

# Per rank, in the order of cards.RANKS: 7 8 9 T J Q K A.
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
SA_ACE_19 = (0, 0, 0, 10, 2, 3, 4, 19)
TA_003 = (0, 0, 9, 5, 13, 1, 3, 7)
TA_002 = (0, 0, 9, 5, 14, 1, 3, 6)
CARRES = (0, 0, 150, 100, 200, 100, 100, 100)
CARRES_SA_002 = (0, 0, 100, 150, 100, 100, 100, 200)

TRUMP_CODES = ("S", "H", "D", "C", "SA", "TA")
# How many cards each player holds during the auction, for each ``deal`` option (002 lines
# 11 and 149 bid before the last two).
AUCTION_CARDS = {"3-2-3": 8, "3-3-2": 6, "6-2": 6}
# 002 lines 188-190: no trump bids 70-130 and all trumps 130-250 stand beside 80-140 in a suit.
SCALE_TABLE = {"SA": (70, 130, 10), "TA": (130, 250, 20)}


@dataclass(frozen=True)
class Profile:
    """Every rule that differs between the sources, as plain values.

    The defaults are the federation profile (seed 000).
    """

    GAME: ClassVar[str] = "coinche"
    name: str = "federation"
    # Contracts a bid may name, among S H D C SA TA.
    trumps: tuple[str, ...] = ("S", "H", "D", "C")
    # Classic Belote counting (no auction, 004's dedans / litige) is offered.
    classic: bool = False
    # Unable to overtrump an opponent's master trump, a player must still trump.
    undertrump: bool = False
    plain_points: tuple[int, ...] = PLAIN_POINTS
    trump_points: tuple[int, ...] = TRUMP_POINTS
    sa_points: tuple[int, ...] = SA_ACE_19
    ta_points: tuple[int, ...] = TA_002
    min_bid: int = 80
    max_bid: int = 160
    bid_step: int = 10
    capot_bid: bool = True
    # Value of the générale (bonus and contract alike); 0: no générale.
    generale: int = 0
    generale_unannounced: bool = True
    coinche_out_of_turn: bool = False
    coinche_capot: bool = True
    # At most this many bids per player; 0: no limit.
    bids_per_player: int = 0
    # 002 ends the auction at three passes because a bidder cannot go over their own bid
    # (line 35); its variant "vă puteți supralicita propria ofertă" (line 194) gives the
    # bidder a last turn after those passes, so a fourth pass ends the auction.
    raise_own_bid: bool = False
    # 002 line 195: on that last turn the bidder may raise only by naming another contract.
    raise_own_bid_other_suit_only: bool = False
    # 002 line 199: a hand holding the four 7s cancels the deal at the end of the auction.
    four_sevens_cancel: bool = False
    # How the cards are dealt and when the auction happens: "3-2-3" (all eight cards, then
    # the auction), "3-3-2" (002 line 149: the auction after two rounds of three, then two
    # more cards each) or "6-2" (002 line 11, beloinche: six cards each, the auction, two).
    deal: str = "3-2-3"
    # 002 line 169: after a coinche, a higher bid in turn takes the coinche back.
    coinche_overbid: bool = False
    # 002 line 164: a générale cannot be coinched (a capot still can, unless coinche_capot).
    coinche_generale: bool = True
    # 002 line 165: "belote capot" and "générale belotée" bids, above capot and générale.
    belote_capot: bool = False
    # 002 lines 186-190: "same" (every contract bids 80-160), or "table" (no trump bids
    # 70-130 by 10 and all trumps 130-250 by 20, ranked by the seed's comparison table).
    bid_scale: str = "same"
    # 002 line 99: the player who bids a générale leads the first trick; line 163 (off)
    # keeps the usual lead. Only 002 gives the générale a lead: 000 (line 19), 003 (line 47)
    # and 004 (silent: the common rule) let the dealer's right-hand player lead.
    generale_leads: bool = False
    # 002 line 154: a defender on lead against a capot or générale may not lead a trump.
    no_trump_lead_vs_capot: bool = False
    # 002 lines 79-93 (cavaillonnaise): every card order and point scale upside down.
    inverted: bool = False
    declarations: bool = True
    declarations_count: bool = True
    sequence_beats_carre: bool = False
    carre_points: tuple[int, ...] = CARRES
    sa_carre_points: tuple[int, ...] = CARRES
    belote: int = 20
    belote_in_ta: bool = False
    # Kings and queens of all four suits in all trumps (002's "belote d'or"); 0: off.
    belote_gold: int = 0
    contract_margin: int = 0
    # 002 line 152: the contract fails only if the defence has more points (a tie makes it).
    tie_made: bool = False
    round_to: int = 10
    fall_points: int = 160
    capot_points: int = 250
    capot_replaces_total: bool = False
    failed_capot_points: int = 160
    # What the defence scores in place of the 160 when a générale bid fails: "fall" (the
    # profile's fall_points, as 002 line 176 counts it, 160 + the générale) or "award" (the
    # générale's own value, as 002 counts a failed capot, line 122, "similarly", line 124).
    failed_generale: str = "fall"
    multiply_extras: bool = True
    # What a coinche multiplies in a made contract: "fall" (160, or 250 on capot, + the
    # contract: D6), "own" (002 line 126: the takers' own points + the contract), or "bid"
    # (002 line 172: only the contract; the takers' own points are added unmultiplied).
    coinche_doubles: str = "fall"
    # How no trump and all trumps are counted: "points" (the profile's sa_points /
    # ta_points), "coefficient" (002 lines 59, 75: classic values × 152/120, × 152/248),
    # "table" (002 lines 177-181: classic values converted by the seed's table) or
    # "two_thirds" (002 line 184: all trumps × 2/3, without the last-trick 10).
    sa_ta_count: str = "points"
    capot_takes_declarations: bool = True
    # 002 line 128: declarations are "added to each team" after the contract is settled,
    # so each side keeps its own whether the contract is made or not, coinched or not.
    # Off: the side that wins the deal scores both sides' (000 line 35, 003, 004).
    declarations_kept: bool = False
    # "Points annoncés" (002 lines 173 and 197): the deal's winner scores the contract's
    # value (× the coinche multiplier) and nothing else: no card points, declarations or
    # belote, so a side never scores more than it promised.
    score_bid_only: bool = False
    target: int = 2000
    # Reaching the target only through a belote in a lost deal must be confirmed by a
    # trick in a later deal (000 only; D4).
    belote_must_validate: bool = True

    def allows(self, trump: str) -> bool:
        return trump in self.trumps

    def bid_range(self, trump: str) -> tuple[int, int, int]:
        """(lowest, highest, step) of the numbered bids in ``trump`` (a code such as "SA")."""
        if self.bid_scale == "table" and trump in SCALE_TABLE:
            return SCALE_TABLE[trump]
        return self.min_bid, self.max_bid, self.bid_step

    def bid_rank(self, bid: int, trump: str) -> int:
        """Where a numbered bid stands among the suit bids (002's table, lines 188-190:
        70 SA and 130 TA stand with 80 in a suit, each step with the suit's next ten)."""
        if self.bid_scale == "table" and trump in SCALE_TABLE:
            low, _high, step = SCALE_TABLE[trump]
            return 80 + (bid - low) // step * 10
        return bid


FEDERATION = Profile()
MAISON = Profile(
    name="maison",
    trumps=("S", "H", "D", "C", "SA"),
    classic=True,
    undertrump=True,
    sa_points=PLAIN_POINTS,
    round_to=0,
    multiply_extras=False,
    capot_takes_declarations=False,
    belote_must_validate=False,
)
OFFICIAL = replace(MAISON, name="official", sa_points=SA_ACE_19, round_to=10)
ONLINE_ES = Profile(
    name="online-es",
    trumps=TRUMP_CODES,
    undertrump=True,
    ta_points=TA_003,
    generale=500,
    round_to=0,
    fall_points=162,
    capot_replaces_total=True,
    failed_capot_points=162,
    multiply_extras=False,
    target=1001,
    belote_must_validate=False,
)
ENCYCLOPEDIA = Profile(
    name="encyclopedia",
    trumps=TRUMP_CODES,
    undertrump=True,
    coinche_out_of_turn=True,
    declarations_count=False,
    sequence_beats_carre=True,
    sa_carre_points=CARRES_SA_002,
    belote_in_ta=True,
    belote_gold=100,
    capot_replaces_total=True,
    failed_capot_points=250,
    multiply_extras=False,
    capot_takes_declarations=False,
    coinche_doubles="own",
    generale_leads=True,
    failed_generale="award",
    declarations_kept=True,
    target=3000,
    belote_must_validate=False,
)

for _profile in (FEDERATION, MAISON, OFFICIAL, ONLINE_ES, ENCYCLOPEDIA):
    register_profile(_profile)

_FIELDS = {f.name: f for f in fields(Profile)}


def coinche_profile(spec: object = "federation") -> Profile:
    """A Coinche/Belote profile from a name or ``{"base": name, option: value, ...}``.

    >>> coinche_profile({"base": "official", "target": 1000}).target
    1000
    """
    if isinstance(spec, Profile):
        return spec
    if isinstance(spec, dict):
        overrides = dict(spec)
        base = overrides.pop("base", "federation")
        return make_profile(base, **overrides)
    profile = get_profile(spec)
    if not isinstance(profile, Profile):
        raise RulesError("profile_not_coinche", value=str(spec))
    return profile


# Every option's range, so that a house rule can never ask the engine for something
# absurd (a max_bid of 10**12 once meant a list of 10**11 bids). Numbers are
# (low, high); strings list their values.
RANGES: dict[str, tuple[int, int]] = {
    "min_bid": (50, 250),
    "max_bid": (50, 500),
    "generale": (0, 2000),
    "bids_per_player": (0, 10),
    "belote": (0, 100),
    "belote_gold": (0, 500),
    "contract_margin": (0, 20),
    "fall_points": (0, 500),
    "capot_points": (0, 1000),
    "failed_capot_points": (0, 1000),
    "target": (100, 10000),
}
TABLE_RANGES = {"carre_points": (0, 1000), "sa_carre_points": (0, 1000)}
CHOICES: dict[str, tuple] = {
    "bid_step": (5, 10),
    "round_to": (0, 5, 10),
    "deal": ("3-2-3", "3-3-2", "6-2"),
    "bid_scale": ("same", "table"),
    "coinche_doubles": ("fall", "own", "bid"),
    "failed_generale": ("fall", "award"),
    "sa_ta_count": ("points", "coefficient", "table", "two_thirds"),
}


def _check_type(option: str, value: object, expected: object) -> object:
    if expected == "bool":
        ok = isinstance(value, bool)
        label = "bool"
    elif expected == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        label = "int"
    elif expected == "str":
        ok = isinstance(value, str)
        label = "str"
    else:
        ok = isinstance(value, (list, tuple))
        label = "list"
        if ok:
            item_type = str if option == "trumps" else int
            ok = all(isinstance(v, item_type) and not isinstance(v, bool) for v in value)
            value = tuple(value)
    if not ok:
        raise RulesError("bad_option_type", option=option, value=str(value)[:40], expected=label)
    return value


def _check_range(option: str, value: object) -> None:
    """Refuses a value outside the option's range before anything is built from it."""
    if option in CHOICES and value not in CHOICES[option]:
        raise RulesError(
            "bad_option_choice",
            option=option,
            value=str(value)[:40],
            choices=", ".join(str(c) for c in CHOICES[option]),
        )
    low_high = RANGES.get(option)
    if low_high and not low_high[0] <= value <= low_high[1]:
        raise RulesError(
            "option_out_of_range",
            option=option,
            value=str(value)[:40],
            points_min=low_high[0],
            points_max=low_high[1],
        )
    if option in TABLE_RANGES or option.endswith("_points") and isinstance(value, tuple):
        low, high = TABLE_RANGES.get(option, (0, 100))
        if len(value) != 8 or not all(low <= v <= high for v in value):
            raise RulesError("bad_option_value", option=option, value=str(list(value))[:60])


def _validate(profile: Profile) -> None:
    if not profile.trumps or any(t not in TRUMP_CODES for t in profile.trumps):
        raise RulesError("bad_option_value", option="trumps", value=str(list(profile.trumps)))
    if len(set(profile.trumps)) != len(profile.trumps):
        raise RulesError("bad_option_value", option="trumps", value=str(list(profile.trumps)))
    for option in ("min_bid", "max_bid"):
        value = getattr(profile, option)
        if value % profile.bid_step:
            raise RulesError(
                "option_not_multiple", option=option, value=str(value), step=profile.bid_step
            )
    if profile.min_bid > profile.max_bid:
        raise RulesError("contradictory_options", option="min_bid", other="max_bid")
    if profile.belote_in_ta and "TA" not in profile.trumps:
        raise RulesError("contradictory_options", option="belote_in_ta", other="trumps")
    if profile.belote_gold and not profile.belote_in_ta:
        raise RulesError("contradictory_options", option="belote_gold", other="belote_in_ta")
    # Without declarations sequence_beats_carre simply has nothing to compare (002's
    # "no declarations but the belote", line 150, next to line 142): not a contradiction.
    if profile.raise_own_bid_other_suit_only and not profile.raise_own_bid:
        raise RulesError(
            "contradictory_options", option="raise_own_bid_other_suit_only", other="raise_own_bid"
        )
    # Under "points annoncés" a belote scores nothing, so no side can reach the target
    # through one (D4), and a classic deal has no bid to score.
    for other in ("belote_must_validate", "classic"):
        if profile.score_bid_only and getattr(profile, other):
            raise RulesError("contradictory_options", option="score_bid_only", other=other)
    # The seed's comparison table lists no trump and all-trump bids beside the suits' 80-160
    # by 10 (lines 188-190): it needs those bids.
    # Line 186 ("idem") keeps line 185's reading: no trump and all trumps counted at their
    # own values, which a conversion to 162 would undo.
    if profile.bid_scale == "table" and profile.sa_ta_count != "points":
        raise RulesError("contradictory_options", option="bid_scale", other="sa_ta_count")
    if profile.belote_capot and not (profile.capot_bid or profile.generale):
        raise RulesError("contradictory_options", option="belote_capot", other="capot_bid")
    if profile.bid_scale == "table" and (
        profile.bid_step != 10 or profile.min_bid != 80 or profile.max_bid != 160
    ):
        raise RulesError("contradictory_options", option="bid_scale", other="max_bid")


def check_option(option: str, value: object) -> object:
    """``value`` checked for ``option`` (name, type and range); returns it normalised."""
    if option not in _FIELDS or option == "name":
        if option_game(option) == "chouine":
            raise RulesError("option_not_coinche", option=option)
        raise RulesError("unknown_option", option=str(option)[:40])
    value = _check_type(option, value, _FIELDS[option].type)
    _check_range(option, value)
    return value


def make_profile(base: object = "federation", **overrides: object) -> Profile:
    """A house-rule profile: ``base`` (a name or a profile) with ``overrides``.

    Every option is checked: unknown names, wrong types and values that
    contradict each other raise :class:`RulesError`.

    >>> try:
    ...     make_profile("encyclopedia", trumps=["S", "H", "D", "C"])
    ... except RulesError as err:
    ...     print(err.code, err.params)
    contradictory_options {'option': 'belote_in_ta', 'other': 'trumps'}
    """
    profile = base if isinstance(base, Profile) else coinche_profile(base)
    checked = {option: check_option(option, value) for option, value in overrides.items()}
    result = replace(profile, **checked)
    _validate(result)
    # Named by its house-rule code, so that it can be asked for by name (houserules.py).
    return replace(result, name=encode(result))
