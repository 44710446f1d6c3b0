"""Declarations, scoring decisions D1-D10, profile options and the game's end, case by case.

Expected numbers are worked out by hand from RULES.md and the seeds.
"""

import pytest

from tutor.rules.cards import mask_of, parse_cards
from tutor.rules.cli import ask
from tutor.rules.coinche.declarations import best_declarations, compare, hand_belotes
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import Profile, make_profile
from tutor.rules.coinche.scoring import Contract, DealSummary, score_deal
from tutor.rules.coinche.tricks import SA, TA
from tutor.rules.errors import RulesError
from tutor.rules.profiles import get_profile, register_profile

FED = get_profile("federation")
ENC = get_profile("encyclopedia")


def best(cards, trump=1, profile=FED):
    return best_declarations(mask_of(parse_cards(cards)), trump, profile)


def kinds(combos):
    return sorted((c.kind, c.points) for c in combos)


def test_sequence_of_eight_counts_as_one_quinte():
    hand = ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]
    assert kinds(best(hand)) == [("quinte", 100)]


def test_d1_carre_of_jacks_beats_the_quinte_it_would_break():
    hand = ["9H", "TH", "JH", "QH", "KH", "JS", "JD", "JC"]
    assert kinds(best(hand)) == [("carre", 200)]


def test_d1_keeps_the_sequence_left_after_the_carre():
    hand = ["JS", "JH", "JD", "JC", "7H", "8H", "9H", "AS"]
    assert kinds(best(hand)) == [("carre", 200), ("tierce", 20)]


def test_d1_two_carres_and_no_sequence():
    hand = ["AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"]
    assert kinds(best(hand)) == [("carre", 100), ("carre", 100)]


def test_sevens_and_eights_make_no_carre():
    assert best(["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"]) == []


def test_d2_carre_of_aces_beats_carre_of_kings():
    aces = best(["AS", "AH", "AD", "AC"])
    kings = best(["KS", "KH", "KD", "KC"])
    assert compare(aces, kings)[0] == 0 and compare(kings, aces)[0] == 1


def test_carre_beats_quinte_in_federation_but_not_in_002():
    carre = ["QS", "QH", "QD", "QC"]
    quinte = ["7D", "8D", "9D", "TD", "JD"]
    assert compare(best(carre, 1, FED), best(quinte, 1, FED))[0] == 0
    assert compare(best(carre, 1, ENC), best(quinte, 1, ENC))[0] == 1


def test_sequences_compare_by_length_then_top_then_trump():
    quarte_low = best(["7S", "8S", "9S", "TS"])
    tierce_high = best(["QD", "KD", "AD"])
    assert compare(quarte_low, tierce_high)[0] == 0
    assert compare(best(["JS", "QS", "KS"]), best(["QD", "KD", "AD"]))[0] == 1
    trump_tierce = best(["QH", "KH", "AH"], trump=1)
    plain_tierce = best(["QD", "KD", "AD"], trump=1)
    assert compare(plain_tierce, trump_tierce)[0] == 1


def test_unbroken_tie_annuls_both():
    assert compare(best(["QD", "KD", "AD"]), best(["QC", "KC", "AC"]))[0] is None


def test_no_trump_carres_of_002():
    assert kinds(best(["AS", "AH", "AD", "AC"], SA, ENC)) == [("carre", 200)]
    assert kinds(best(["9S", "9H", "9D", "9C"], SA, ENC)) == [("carre", 100)]
    assert kinds(best(["9S", "9H", "9D", "9C"], SA, FED)) == [("carre", 150)]


def test_belote_only_with_a_suit_trump_except_002_all_trumps():
    hand = mask_of(parse_cards(["KH", "QH", "KS", "QS"]))
    assert hand_belotes(hand, 1) == 1
    assert hand_belotes(hand, SA, ENC) == 0
    assert hand_belotes(hand, TA, FED) == 0
    assert hand_belotes(hand, TA, ENC) == 2


def score(profile, **fields):
    question = {
        "profile": profile,
        "contract": {"seat": "S", "bid": 100, "trump": "H", "double": 1},
        "tricks": {"NS": 5, "EW": 3},
        "last_trick": "S",
        **fields,
    }
    return ask("score", question)[0]


def test_federation_made_undoubled_each_side_keeps_its_declarations():
    # NS 90 + 10 + belote 20 = 120 >= 100 and > 62 + 50.
    answer = score(
        "federation", card_points={"NS": 90, "EW": 62}, declarations={"EW": 50}, belote={"NS": 20}
    )
    assert answer["scores"] == {"NS": 220, "EW": 110}


def test_federation_capot_takes_the_defence_declarations():
    answer = score(
        "federation",
        card_points={"NS": 152, "EW": 0},
        tricks={"NS": 8, "EW": 0},
        declarations={"EW": 20},
        belote={"EW": 20},
    )
    # 152 + 100 + 20 + 100 = 372 -> 370; defence keeps its belote.
    assert answer["scores"] == {"NS": 370, "EW": 20}


def test_federation_failed_defence_takes_all_declarations_and_contract():
    answer = score(
        "federation",
        card_points={"NS": 60, "EW": 92},
        declarations={"NS": 20},
        belote={"EW": 20},
        tricks={"NS": 3, "EW": 5},
        last_trick="E",
    )
    # 160 + 20 + 20 + 100 = 300.
    assert answer["scores"] == {"NS": 0, "EW": 300}


def test_federation_doubled_multiplies_declarations_and_belote():
    answer = score(
        "federation",
        card_points={"NS": 100, "EW": 52},
        declarations={"NS": 50},
        belote={"NS": 20},
        contract={"seat": "S", "bid": 100, "trump": "H", "double": 2},
    )
    # (160 + 50 + 20 + 100) x 2 = 660.
    assert answer["scores"] == {"NS": 660, "EW": 0}


def test_federation_failed_doubled_keeps_declarers_belote_unmultiplied():
    answer = score(
        "federation",
        card_points={"NS": 70, "EW": 82},
        belote={"NS": 20},
        contract={"seat": "S", "bid": 100, "trump": "H", "double": 2},
        last_trick="E",
    )
    assert answer["scores"] == {"NS": 20, "EW": 520}


def test_federation_equality_fails():
    answer = score(
        "federation",
        card_points={"NS": 71, "EW": 81},
        belote={"NS": 0},
        contract={"seat": "S", "bid": 80, "trump": "H"},
        tricks={"NS": 4, "EW": 4},
    )
    assert answer["made"] is False


def test_d5_classic_dedans_defence_scores_all_declarations():
    answer = score(
        "maison",
        game="belote",
        contract={"seat": "S", "bid": None, "trump": "H"},
        card_points={"NS": 60, "EW": 92},
        declarations={"NS": 20, "EW": 0},
        belote={"EW": 20},
        last_trick="E",
    )
    assert answer["scores"] == {"NS": 0, "EW": 162 + 20 + 20}


def test_d6_doubled_made_declarations_unmultiplied():
    answer = score(
        "maison",
        card_points={"NS": 100, "EW": 52},
        declarations={"NS": 50},
        contract={"seat": "S", "bid": 100, "trump": "H", "double": 2},
    )
    assert answer["scores"] == {"NS": 520 + 50, "EW": 0}


def test_d6_numeric_contract_doubled_with_all_tricks_uses_250():
    answer = score(
        "official",
        card_points={"NS": 152, "EW": 0},
        tricks={"NS": 8, "EW": 0},
        contract={"seat": "S", "bid": 100, "trump": "H", "double": 2},
    )
    assert answer["scores"] == {"NS": 700, "EW": 0}


def test_d7_online_es_made_doubled():
    answer = score(
        "online-es",
        card_points={"NS": 100, "EW": 52},
        declarations={"NS": 20},
        contract={"seat": "S", "bid": 100, "trump": "H", "double": 2},
    )
    assert answer["scores"] == {"NS": (162 + 100) * 2 + 20, "EW": 0}


def test_online_es_unannounced_capot_and_announced_capot():
    tricks = {"S": 4, "E": 0, "N": 4, "W": 0}
    unannounced = score("online-es", card_points={"NS": 152, "EW": 0}, tricks=tricks)
    assert unannounced["scores"] == {"NS": 350, "EW": 0}
    announced = score(
        "online-es",
        card_points={"NS": 152, "EW": 0},
        tricks=tricks,
        contract={"seat": "S", "bid": "capot", "trump": "H"},
        declarations={"NS": 20},
    )
    assert announced["scores"] == {"NS": 520, "EW": 0}


def test_d10_online_es_generale_unannounced_and_announced():
    tricks = {"S": 8, "E": 0, "N": 0, "W": 0}
    unannounced = score("online-es", card_points={"NS": 152, "EW": 0}, tricks=tricks)
    assert unannounced["scores"] == {"NS": 600, "EW": 0}
    announced = score(
        "online-es",
        card_points={"NS": 152, "EW": 0},
        tricks=tricks,
        contract={"seat": "S", "bid": "generale", "trump": "H"},
    )
    assert announced["scores"] == {"NS": 1000, "EW": 0}
    doubled = score(
        "online-es",
        card_points={"NS": 152, "EW": 0},
        tricks=tricks,
        contract={"seat": "S", "bid": "generale", "trump": "H", "double": 2},
    )
    assert doubled["scores"] == {"NS": 2000, "EW": 0}


def test_generale_by_the_partner_fails_an_announced_generale():
    answer = score(
        "online-es",
        card_points={"NS": 152, "EW": 0},
        tricks={"S": 0, "E": 0, "N": 8, "W": 0},
        contract={"seat": "S", "bid": "generale", "trump": "H"},
    )
    assert answer["made"] is False and answer["scores"] == {"NS": 0, "EW": 162 + 500}


def test_002_declarations_do_not_count_towards_the_contract():
    # NS 85 + 10 = 95 < 100 even with a 50 quarte; the defence takes 160 + 100, and the
    # quarte stays with NS (line 128: declarations are added to each team afterwards).
    answer = score("encyclopedia", card_points={"NS": 85, "EW": 67}, declarations={"NS": 50})
    assert answer["made"] is False
    assert answer["scores"] == {"NS": 50, "EW": 260}


def test_002_made_rounds_the_takers_points():
    answer = score("encyclopedia", card_points={"NS": 95, "EW": 57}, declarations={"NS": 20})
    # 105 -> 110 (5 up) + 100 + 20 = 230; 57 -> 60.
    assert answer["scores"] == {"NS": 230, "EW": 60}


def test_d8_002_announced_capot():
    made = score(
        "encyclopedia",
        card_points={"NS": 152, "EW": 0},
        tricks={"NS": 8, "EW": 0},
        contract={"seat": "S", "bid": "capot", "trump": "H"},
    )
    assert made["scores"] == {"NS": 500, "EW": 0}
    failed = score(
        "encyclopedia",
        card_points={"NS": 140, "EW": 12},
        tricks={"NS": 7, "EW": 1},
        contract={"seat": "S", "bid": "capot", "trump": "H"},
    )
    assert failed["scores"] == {"NS": 0, "EW": 500}


def test_federation_failed_capot_is_160_plus_250():
    failed = score(
        "federation",
        card_points={"NS": 140, "EW": 12},
        tricks={"NS": 7, "EW": 1},
        contract={"seat": "S", "bid": "capot", "trump": "H"},
    )
    assert failed["scores"] == {"NS": 0, "EW": 410}


def test_d9_maison_no_trump_dedans_gives_130():
    answer = score(
        "maison",
        game="belote",
        contract={"seat": "S", "bid": None, "trump": "SA"},
        card_points={"NS": 50, "EW": 70},
        last_trick="E",
    )
    assert answer["scores"] == {"NS": 0, "EW": 130}


def test_contract_margin_house_rule():
    house = {"base": "federation", "contract_margin": 1}
    exact = score(house, card_points={"NS": 90, "EW": 62})
    assert exact["made"] is False
    assert score("federation", card_points={"NS": 90, "EW": 62})["made"] is True


def test_steps_of_five_house_rule():
    house = {"base": "federation", "bid_step": 5, "min_bid": 80, "round_to": 5}
    answer = score(
        house, contract={"seat": "S", "bid": 85, "trump": "H"}, card_points={"NS": 82, "EW": 70}
    )
    # 82 + 10 = 92 >= 85: 92 + 85 = 177 -> 175; 70 stays 70.
    assert answer["scores"] == {"NS": 175, "EW": 70}


def test_profile_validation():
    with pytest.raises(RulesError) as err:
        make_profile("federation", min_bid=170)
    assert err.value.code == "contradictory_options"
    with pytest.raises(RulesError) as err:
        make_profile("federation", round_to=3)
    assert err.value.code == "bad_option_choice"
    with pytest.raises(RulesError) as err:
        make_profile("federation", undertrump="yes")
    assert err.value.code == "bad_option_type"
    with pytest.raises(RulesError) as err:
        make_profile("federation", name="x")
    assert err.value.code == "unknown_option"
    assert make_profile("federation", trumps=["S", "H", "D", "C", "SA"]).allows("SA")


def test_registry_holds_other_games():
    class Other:
        name = "test-other-game"

    register_profile(Other())
    assert isinstance(get_profile("test-other-game"), Other)
    with pytest.raises(RulesError):
        ask("score", {"profile": "test-other-game"})


def test_profiles_have_the_targets_of_their_sources():
    assert [get_profile(n).target for n in ("federation", "online-es", "encyclopedia")] == [
        2000,
        1001,
        3000,
    ]
    assert isinstance(FED, Profile)


def _deal(seat, bid, cards, tricks, last, belote=(0, 0)):
    return DealSummary(Contract(seat, bid, 1), cards, tricks, last, belote=belote)


def test_d4_belote_alone_over_the_target_in_a_lost_deal_is_pending():
    game = Game(FED, totals=[1985, 1000])
    failed = _deal("S", 100, (62, 90), (2, 3, 1, 2), 1, belote=(20, 0))
    game.add_deal(failed, score_deal(FED, failed))
    assert game.totals == [2005, 1260] and game.pending == [True, False] and game.winner is None
    no_trick = _deal("E", 80, (0, 152), (0, 4, 0, 4), 1)
    game.add_deal(no_trick, score_deal(FED, no_trick))
    assert game.winner is None and game.pending[0]
    one_trick = _deal("E", 80, (10, 142), (1, 4, 0, 3), 1)
    game.add_deal(one_trick, score_deal(FED, one_trick))
    assert game.winner == 0


@pytest.mark.parametrize("name", ["maison", "official", "online-es", "encyclopedia"])
def test_d4_only_the_federation_makes_a_belote_wait_for_a_trick(name):
    """Seed 000 alone states the rule; the other sources end the game at the target."""
    profile = get_profile(name)
    game = Game(profile, totals=[profile.target - 15, 0])
    failed = _deal("S", 100, (62, 90), (2, 3, 1, 2), 1, belote=(20, 0))
    game.add_deal(failed, score_deal(profile, failed))
    assert game.pending == [False, False]
    assert game.winner == 0


def test_both_over_the_target_higher_wins_and_equal_goes_on():
    deal = _deal("S", 80, (76, 76), (4, 2, 2, 0), 0)
    result = score_deal(FED, deal)
    assert result.scores == (170, 80)
    for start, winner in (([1900, 1930], 0), ([1910, 2000], None), ([1000, 1990], 1)):
        game = Game(FED, totals=list(start))
        game.add_deal(deal, result)
        assert game.winner == winner, start
