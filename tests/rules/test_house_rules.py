"""Every house rule set the builder can write gives a working engine: random deals replay."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor.rules.cards import SEATS
from tutor.rules.coinche.auction import Auction
from tutor.rules.coinche.deal import random_deal
from tutor.rules.coinche.houserules import BUILDER_OPTIONS, PHASES, decode, domain
from tutor.rules.coinche.profiles import make_profile
from tutor.rules.coinche.replay import replay
from tutor.rules.errors import RulesError
from tutor.rules.profiles import get_profile

BASES = ["federation", "maison", "official", "online-es", "encyclopedia"]


def values(option: str):
    kind, *args = domain(option)
    if kind == "bool":
        return st.booleans()
    if kind == "choice":
        return st.sampled_from(args[0])
    if kind == "trumps":
        return st.sets(st.sampled_from(args[0])).map(lambda extra: ["S", "H", "D", "C", *extra])
    low, high, step = args
    return st.integers(low // step, high // step).map(lambda n: n * step)


@st.composite
def house_rules(draw):
    base = draw(st.sampled_from(BASES))
    chosen = draw(st.lists(st.sampled_from(BUILDER_OPTIONS), max_size=8, unique=True))
    overrides = {option: draw(values(option)) for option in chosen}
    try:
        return make_profile(base, **overrides)
    except RulesError as err:
        # The builder refuses these with the engine's message; nothing to play.
        assert err.code in {
            "contradictory_options",
            "option_not_multiple",
            "option_out_of_range",
        }, err.code
        assume(False)


def test_every_builder_option_has_a_phase_and_a_domain():
    assert len(BUILDER_OPTIONS) == len(set(BUILDER_OPTIONS))
    assert set(PHASES) == {"auction", "play", "declarations", "scoring", "game_end"}
    for option in BUILDER_OPTIONS:
        assert domain(option)[0] in {"bool", "choice", "int", "trumps"}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(house_rules(), st.integers(0, 10**9))
def test_random_deals_replay_under_any_house_rules(profile, seed):
    assert decode(profile.name) == profile
    assert get_profile(profile.name) == profile
    rng = random.Random(seed)
    for _ in range(3):
        dealer = rng.choice(SEATS)
        deal, contract, played, score = random_deal(rng, profile, dealer, special=True)
        result = replay(profile, dealer, deal.hands, played.plays, contract=contract)
        assert result.valid, [s.code for s in result.steps[-3:]]
        assert len(result.tricks) == 8
        assert result.score.scores == score.scores
        assert min(result.score.scores) >= 0
    auction = Auction(profile, "N")
    calls = auction.legal_calls()
    assert "pass" in calls and len(calls) < 2000
