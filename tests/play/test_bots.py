"""The beginner bots bid as beginners do at a real table: a learner who always passes still
gets a contract to play most of the time, every call among those the engine offers."""

import pytest

from tutor.play import bots
from tutor.play.coinche import first_dealer, hands_for
from tutor.rules.cards import side_of
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.state import CoincheDeal

DEALS = 200


def auction(seed: int, profile: str) -> CoincheDeal:
    """The auction of deal ``seed`` with South passing at every turn and the bots bidding."""
    dealer = first_dealer(seed)
    deal = CoincheDeal(profile, dealer, hands_for(seed, dealer, coinche_profile(profile).deal))
    while deal.phase == "auction":
        seat = deal.to_move
        call = "pass" if seat == "S" else bots.coinche_call(deal)
        assert seat == "S" or call in deal.legal_calls()
        deal.call(call)
    return deal


# The federation's 3-2-3 deal, and the encyclopedia's six-card auction (3-3-2).
@pytest.mark.parametrize("profile", ["federation", "encyclopedia"])
def test_at_most_one_deal_in_ten_is_passed_out_when_the_learner_always_passes(profile):
    deals = [auction(seed, profile) for seed in range(DEALS)]
    passed_out = sum(1 for deal in deals if deal.contract is None)
    assert passed_out <= DEALS // 10
    # Partners support each other: in some auctions both seats of a side bid.
    supported = [
        deal
        for deal in deals
        if any(
            side_of(seat) == side_of(other) and seat != other
            for seat in deal.auction.bids_made
            for other in deal.auction.bids_made
        )
    ]
    assert supported
