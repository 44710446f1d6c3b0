"""Coinche and Belote rule profiles: one frozen set of options read by one engine.

A profile never carries code. The five profiles of the sources are values of
:class:`Profile`; a club's house rules are a base profile with a few options
changed by :func:`make_profile`, which checks every override.

>>> get_profile("federation").undertrump, get_profile("official").undertrump
(False, True)
>>> house = make_profile("federation", max_bid=180, contract_margin=1)
>>> house.max_bid, house.contract_margin, house.name
(180, 1, 'federation+')
>>> try:
...     make_profile("federation", max_bid="high")
... except RulesError as err:
...     print(err.code, err.params["option"])
bad_option_type max_bid
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import RulesError
from ..explain import gettext_noop, messages
from ..profiles import get_profile, register_profile

messages(
    {
        "unknown_option": gettext_noop('"%(option)s" is not a rule option.'),
        "bad_option_type": gettext_noop(
            'The option %(option)s must be of type %(expected)s, not "%(value)s".'
        ),
        "bad_option_value": gettext_noop('The option %(option)s cannot be "%(value)s".'),
        "contradictory_options": gettext_noop(
            "The options %(option)s and %(other)s contradict each other."
        ),
        "profile_not_coinche": gettext_noop(
            "The profile %(value)s is not a Coinche or Belote profile."
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


@dataclass(frozen=True)
class Profile:
    """Every rule that differs between the sources, as plain values.

    The defaults are the federation profile (seed 000).
    """

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
    round_to: int = 10
    fall_points: int = 160
    capot_points: int = 250
    capot_replaces_total: bool = False
    failed_capot_points: int = 160
    multiply_extras: bool = True
    capot_takes_declarations: bool = True
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


def _check_type(option: str, value: object, expected: object) -> object:
    if expected == "bool":
        ok = isinstance(value, bool)
        label = "bool"
    elif expected == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        label = "int"
    else:
        ok = isinstance(value, (list, tuple))
        label = "list"
        if ok:
            item_type = str if option == "trumps" else int
            ok = all(isinstance(v, item_type) and not isinstance(v, bool) for v in value)
            value = tuple(value)
    if not ok:
        raise RulesError("bad_option_type", option=option, value=str(value), expected=label)
    return value


def _validate(profile: Profile) -> None:
    def bad(option: str) -> RulesError:
        return RulesError("bad_option_value", option=option, value=str(getattr(profile, option)))

    if not profile.trumps or any(t not in TRUMP_CODES for t in profile.trumps):
        raise bad("trumps")
    for option in ("plain_points", "trump_points", "sa_points", "ta_points"):
        values = getattr(profile, option)
        if len(values) != 8 or min(values) < 0:
            raise bad(option)
    for option in ("carre_points", "sa_carre_points"):
        if len(getattr(profile, option)) != 8:
            raise bad(option)
    if profile.bid_step not in (5, 10):
        raise bad("bid_step")
    if profile.round_to not in (0, 5, 10):
        raise bad("round_to")
    if profile.min_bid <= 0 or profile.min_bid % profile.bid_step:
        raise bad("min_bid")
    if profile.max_bid % profile.bid_step:
        raise bad("max_bid")
    if profile.min_bid > profile.max_bid:
        raise RulesError("contradictory_options", option="min_bid", other="max_bid")
    for option in ("contract_margin", "generale", "bids_per_player", "belote_gold"):
        if getattr(profile, option) < 0:
            raise bad(option)
    if profile.target <= 0:
        raise bad("target")
    if profile.belote_in_ta and "TA" not in profile.trumps:
        raise RulesError("contradictory_options", option="belote_in_ta", other="trumps")
    if profile.belote_gold and not profile.belote_in_ta:
        raise RulesError("contradictory_options", option="belote_gold", other="belote_in_ta")
    if not profile.declarations and profile.sequence_beats_carre:
        raise RulesError(
            "contradictory_options", option="sequence_beats_carre", other="declarations"
        )
    if profile.raise_own_bid_other_suit_only and not profile.raise_own_bid:
        raise RulesError(
            "contradictory_options", option="raise_own_bid_other_suit_only", other="raise_own_bid"
        )
    # Under "points annoncés" a belote scores nothing, so no side can reach the target
    # through one (D4), and a classic deal has no bid to score.
    for other in ("belote_must_validate", "classic"):
        if profile.score_bid_only and getattr(profile, other):
            raise RulesError("contradictory_options", option="score_bid_only", other=other)


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
    checked = {}
    for option, value in overrides.items():
        if option not in _FIELDS or option == "name":
            raise RulesError("unknown_option", option=option)
        checked[option] = _check_type(option, value, _FIELDS[option].type)
    result = replace(profile, name=profile.name + ("+" if checked else ""), **checked)
    _validate(result)
    return result
