"""Seed 002's regional variants added as house-rule options (the vectors hold the worked cases)."""

import json
import random
from pathlib import Path

import pytest

from tutor.rules.cards import HEARTS, parse_cards
from tutor.rules.cli import answer_line, ask
from tutor.rules.coinche.auction import SEVENS, Auction, four_sevens_seat, parse_call
from tutor.rules.coinche.deal import cut_and_deal, random_deal
from tutor.rules.coinche.play import first_leader
from tutor.rules.coinche.profiles import Profile, coinche_profile, make_profile
from tutor.rules.coinche.scenarios import _deal_json
from tutor.rules.coinche.scoring import Contract, DealSummary
from tutor.rules.coinche.tricks import explain_trick, trick_points
from tutor.rules.errors import RulesError
from tutor.rules.profiles import PROFILES, get_profile

NEW_OPTIONS = (
    "raise_own_bid",
    "raise_own_bid_other_suit_only",
    "four_sevens_cancel",
    "score_bid_only",
)
# West holds the four 7s (seed 002 line 199).
HANDS = {
    "W": ["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"],
    "E": ["9S", "9H", "9D", "9C", "TS", "TH", "TD", "TC"],
    "N": ["JS", "JH", "JD", "JC", "QS", "QH", "QD", "QC"],
    "S": ["KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC"],
}
SEVENS_RULE = {"base": "federation", "four_sevens_cancel": True}
BID_ONLY = make_profile("encyclopedia", score_bid_only=True)


@pytest.mark.parametrize("name", [n for n, p in PROFILES.items() if isinstance(p, Profile)])
def test_every_source_profile_leaves_the_002_variants_off(name):
    profile = get_profile(name)
    assert not any(getattr(profile, option) for option in NEW_OPTIONS)


@pytest.mark.parametrize(
    ("base", "overrides", "option", "other"),
    [
        # 002 line 195 narrows line 194: it needs the bidder's last turn.
        (
            "encyclopedia",
            {"raise_own_bid_other_suit_only": True},
            "raise_own_bid_other_suit_only",
            "raise_own_bid",
        ),
        # 002 line 197: the belote scores nothing, so D4's "target through the belote" is void.
        ("federation", {"score_bid_only": True}, "score_bid_only", "belote_must_validate"),
        # 002 line 197 scores a bid; classic Belote (004) has none.
        ("maison", {"score_bid_only": True}, "score_bid_only", "classic"),
    ],
)
def test_contradictory_002_options_are_refused(base, overrides, option, other):
    with pytest.raises(RulesError) as err:
        make_profile(base, **overrides)
    assert err.value.code == "contradictory_options"
    assert err.value.params == {"option": option, "other": other}


def test_the_bidders_last_turn_lists_other_contracts_only():
    # 002 line 195: W bid 80 hearts and the three others passed.
    profile = make_profile("encyclopedia", raise_own_bid=True, raise_own_bid_other_suit_only=True)
    auction = Auction(profile, "N")
    for text in ["80H", "pass", "pass", "pass"]:
        auction.apply(parse_call(text))
    assert auction.turn == "W" and not auction.done
    calls = auction.legal_calls()
    assert "90S" in calls and "90TA" in calls and "pass" in calls
    assert not any(call.endswith("H") for call in calls)
    assert auction.refusals()["90H"].code == "own_bid_same_suit"


def test_four_sevens_seat_reads_any_hand():
    profile = make_profile(four_sevens_cancel=True)
    assert four_sevens_seat(profile, [0, 0, SEVENS, 0]) == "N"
    assert four_sevens_seat(profile, [SEVENS ^ 1, 0, 0, 0]) is None
    assert four_sevens_seat(get_profile("federation"), [0, 0, SEVENS, 0]) is None


def test_replay_with_a_given_contract_is_cancelled_by_the_four_sevens():
    # 002 line 199: a contract is the end of an auction, so the deal is cancelled.
    question = {
        "profile": SEVENS_RULE,
        "dealer": "N",
        "hands": HANDS,
        "contract": {"seat": "S", "bid": 80, "trump": "H"},
        "plays": [],
    }
    answer, steps = ask("replay", question)
    assert answer["valid"] and answer["contract"] is None
    assert steps[-1].code == "four_sevens_redeal" and steps[-1].params == {"seat": "W"}
    answer, ok = answer_line("replay", json.dumps({**question, "plays": ["KS"]}), "ro")
    assert not ok and answer["error"]["code"] == "four_sevens_no_play"


def test_replay_from_calls_is_cancelled_by_the_four_sevens():
    question = {
        "profile": SEVENS_RULE,
        "dealer": "N",
        "hands": HANDS,
        "calls": ["80H", "pass", "pass", "pass"],
        "plays": [],
    }
    answer, steps = ask("replay", question)
    assert answer["contract"] is None
    assert [s.code for s in steps[-2:]] == ["auction_contract", "four_sevens_redeal"]


def test_random_deals_deal_again_after_the_four_sevens():
    profile = make_profile("federation", four_sevens_cancel=True)
    federation = get_profile("federation")
    seen = 0
    for seed in range(400):
        deal = random_deal(random.Random(seed), federation)[0]
        seen += any(hand & SEVENS == SEVENS for hand in deal.masks())
        deal = random_deal(random.Random(seed), profile)[0]
        assert four_sevens_seat(profile, deal.masks()) is None
    # The seeds do meet the four 7s (about one deal in 128), so the redeal was exercised.
    assert seen


def test_deal_scenarios_skip_a_cancelled_deal():
    profile = make_profile("federation", four_sevens_cancel=True)
    summary = DealSummary(Contract("S", 80, 1), (82, 70), (2, 2, 2, 2), 0)
    assert _deal_json(profile, "N", [SEVENS, 0, 0, 0], [], summary, False) is None


@pytest.mark.parametrize("seed", range(60))
def test_score_bid_only_gives_the_deals_winner_the_bid_and_nothing_else(seed):
    # 002 lines 173 and 197: "the loser is therefore zero".
    _, contract, _, result = random_deal(random.Random(seed), BID_ONLY)
    winner = contract.side if result.made else 1 - contract.side
    assert result.scores[1 - winner] == 0
    assert result.scores[winner] == contract.bid * contract.double


# --- The rest of seed 002's variants (vectors/coinche_variants_002.json) ---

VARIANTS = json.loads(
    (Path(__file__).parent / "vectors" / "coinche_variants_002.json").read_text(encoding="utf-8")
)["vectors"]


@pytest.mark.parametrize("vector", VARIANTS, ids=[v["name"] for v in VARIANTS])
def test_variant_vector(vector):
    assert vector["source"].startswith("seed 002 line")
    answer, _steps = ask(vector["command"], vector["input"])
    for key, value in vector["expect"].items():
        assert answer[key] == value, key


def test_the_deal_options_deal_six_cards_before_the_auction():
    # 002 line 149 (2 × 3 then 2) and line 11 (six, then two): the first six cards dealt
    # are the ones each player bids on.
    deck = list(range(32))
    for pattern, first in (("3-3-2", [7, 8, 9, 19, 20, 21]), ("6-2", [7, 8, 9, 10, 11, 12])):
        deal = cut_and_deal(random.Random(1), "N", deck, pattern)
        assert deal.auction_hands(pattern)["W"] == first
        assert sorted(c for cards in deal.hands.values() for c in cards) == deck
    classic = cut_and_deal(random.Random(1), "N", deck)
    assert classic.hands["W"] == [7, 8, 9, 19, 20, 27, 28, 29]
    assert classic.auction_hands()["W"] == classic.hands["W"]


def test_inverted_order_wins_and_counts_upside_down():
    # 002 lines 83-93: in trump the 7 is worth 20 and beats the jack; the plain 7 beats the ace.
    profile = make_profile("encyclopedia", inverted=True)
    trick = parse_cards(["JH", "7H", "AS", "KS"])
    steps = explain_trick(trick, HEARTS, profile)
    assert steps[0].params["card"] == "7H"
    assert trick_points(trick, HEARTS, profile) == 0 + 20 + 0 + 0
    plain = parse_cards(["AS", "7S", "TS", "8S"])
    assert explain_trick(plain, HEARTS, profile)[0].params["card"] == "7S"
    assert trick_points(plain, HEARTS, profile) == 0 + 11 + 0 + 10


def test_the_generale_bidder_leads_in_random_deals():
    # 002 line 99 gives the générale's bidder the lead; 003 line 47 does not.
    profile = make_profile("encyclopedia", generale=500)
    contract = Contract("E", "generale", HEARTS)
    assert first_leader(profile, "N", contract) == "E"
    assert first_leader(make_profile(profile, generale_leads=False), "N", contract) == "W"
    assert first_leader(get_profile("online-es"), "N", contract) == "W"
    assert first_leader(profile, "N", Contract("E", 100, HEARTS)) == "W"


def test_declarations_off_accepts_sequence_beats_carre():
    # 002 line 150 ("no declarations but the belote") leaves line 142 nothing to act on.
    profile = make_profile("encyclopedia", declarations=False)
    assert profile.sequence_beats_carre and not profile.declarations


@pytest.mark.parametrize("value", [10**12, 10**7, 510, 40])
def test_max_bid_out_of_range_is_refused_at_once(value):
    with pytest.raises(RulesError) as err:
        make_profile("federation", max_bid=value)
    assert err.value.code == "option_out_of_range"
    assert err.value.params["points_max"] == 500


@pytest.mark.parametrize(
    ("option", "value", "code"),
    [
        ("target", 0, "option_out_of_range"),
        ("target", 10**9, "option_out_of_range"),
        ("contract_margin", 50, "option_out_of_range"),
        ("generale", -1, "option_out_of_range"),
        ("bids_per_player", 99, "option_out_of_range"),
        ("min_bid", 85, "option_not_multiple"),
        ("deal", "5-3", "bad_option_choice"),
        ("coinche_doubles", "all", "bad_option_choice"),
        ("carre_points", [10**9] * 8, "bad_option_value"),
        ("sa_points", [0] * 7, "bad_option_value"),
    ],
)
def test_every_numeric_option_has_a_range(option, value, code):
    with pytest.raises(RulesError) as err:
        make_profile("federation", **{option: value})
    assert err.value.code == code
    assert err.value.params["option"] == option


def test_house_rule_codes_round_trip_and_bad_codes_are_refused():
    house = make_profile(
        "encyclopedia",
        inverted=True,
        deal="6-2",
        trumps=["S", "H", "D", "C"],
        belote_in_ta=False,
        belote_gold=0,
    )
    assert get_profile(house.name) == house
    assert coinche_profile(house.name) == house
    for bad in (
        "federation~max_bid",
        "federation~max_bid:1e9",
        "federation~nope:1",
        "x" * 700,
        "federation~max_bid:180~max_bid:170",
        "nobody~max_bid:180",
    ):
        with pytest.raises(RulesError):
            get_profile(bad)
    answer, _ = ask("auction", {"profile": house.name, "dealer": "N", "calls": ["80SA"]})
    assert answer["valid"] is False
