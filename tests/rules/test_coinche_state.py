"""The Coinche deal state machine: the seeds' auctions, whole deals under every profile checked
against the ``replay`` command, declarations at the first trick, belote and rebelote said."""

import json
import random
from pathlib import Path

import pytest

from tutor.rules.cards import SEATS, card_code, parse_card, parse_cards
from tutor.rules.cli import ask
from tutor.rules.coinche.auction import SEVENS
from tutor.rules.coinche.deal import cut_and_deal
from tutor.rules.coinche.state import CoincheDeal, IllegalMove
from tutor.rules.coinche.tricks import trump_code
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step

AUCTIONS = json.loads(
    (Path(__file__).parent / "vectors" / "coinche_auction.json").read_text(encoding="utf-8")
)["vectors"]
PROFILES = ["federation", "maison", "official", "online-es", "encyclopedia"]
# Hands for the auction vectors: the four 7s are split, so no profile cancels the deal.
HANDS = cut_and_deal(random.Random(1), "N").hands


@pytest.mark.parametrize("vector", AUCTIONS, ids=[v["name"] for v in AUCTIONS])
def test_seed_auctions_through_the_machine(vector):
    """Each auction of seeds 000/002 (vectors/coinche_auction.json) called one by one."""
    question = vector["input"]
    if "hands" in question:
        pytest.skip("four-7s hands are the auction command's own cases")
    deal = CoincheDeal(question.get("profile", "federation"), question["dealer"], HANDS)
    expect = vector["expect"]
    for index, call in enumerate(question["calls"]):
        if not expect.get("valid", True) and index == expect.get("index"):
            with pytest.raises(IllegalMove):
                deal.verify_call(call)
            assert not deal.can_call(call)
            return
        deal.call(call)
    # The calls as the machine keeps them (a caller named only out of turn) replay the same.
    answer, _ = ask("auction", {**question, "calls": deal.calls})
    assert answer["valid"] and answer["contract"] == expect.get("contract", answer["contract"])
    if expect.get("done"):
        contract = expect["contract"]
        assert (deal.contract.as_dict() if deal.contract else None) == contract
        assert deal.phase == ("play" if contract else "redeal")
    else:
        assert deal.phase == "auction"


def _random_deal(profile: str, seed: int) -> CoincheDeal:
    rng = random.Random(seed)
    dealer = rng.choice(SEATS)
    deal = CoincheDeal(profile, dealer, cut_and_deal(rng, dealer).hands)
    while deal.phase == "auction":
        calls = deal.legal_calls()
        # Mostly passes, so auctions end; a bid now and then, so contracts vary.
        deal.call(rng.choice(calls) if rng.random() < 0.3 else "pass")
    return deal


@pytest.mark.parametrize("profile", PROFILES)
def test_whole_deals_agree_with_the_replay_command(profile):
    """Random legal moves; the machine's refusals, tricks and score are the engine's own."""
    played = 0
    for seed in range(60):
        deal = _random_deal(profile, seed)
        if deal.phase == "redeal":
            with pytest.raises(IllegalMove):
                deal.play(parse_card("7S"))
            continue
        rng = random.Random(seed)
        while not deal.finished:
            seat = deal.to_move
            if deal.declarable() and rng.random() < 0.5:
                deal.declare([c.kind for c in deal.declarable()])
            trick = [
                {"seat": s, "card": card_code(c)}
                for s, c in zip(deal.trick_seats(), deal.trick, strict=True)
            ]
            hand = [card_code(c) for c in deal.hand(seat)]
            answer, _ = ask(
                "legal",
                {
                    "profile": profile,
                    "trump": trump_code(deal.contract.trump),
                    "hand": hand,
                    "trick": trick,
                    "seat": seat,
                },
            )
            assert [card_code(c) for c in deal.legal().legal] == answer["legal"]
            for refused in answer["illegal"]:
                with pytest.raises(IllegalMove) as error:
                    deal.play(parse_card(refused["card"]))
                assert error.value.code == refused["code"]
            deal.play(parse_card(rng.choice(answer["legal"])))
        payload = deal.replay_payload()
        answer, _ = ask("replay", json.loads(json.dumps(payload)))
        result = deal.result()
        assert answer["valid"] and result.valid
        assert answer["scores"] == {"NS": result.score.scores[0], "EW": result.score.scores[1]}
        assert answer["card_points"]["NS"] + answer["card_points"]["EW"] == sum(deal.card_points)
        assert [t["winner"] for t in answer["tricks"]] == [t.winner for t in deal.tricks]
        played += 1
    assert played > 10


def test_four_passes_redeal():
    """Seed 000 section 01: "Com 4 passes iniciais há nova distribuição"."""
    deal = CoincheDeal("federation", "S", HANDS)
    for _ in range(4):
        deal.call("pass")
    assert deal.phase == "redeal" and deal.finished and deal.redeal.code == "auction_redeal"
    with pytest.raises(IllegalMove) as error:
        deal.call("pass")
    assert error.value.code == "deal_redealt"


def test_four_sevens_cancel_the_deal_under_the_house_rule():
    """Seed 002 line 199, as the house-rule option ``four_sevens_cancel``."""
    deck = [c for c in range(32) if not SEVENS >> c & 1]
    hands = {"S": [0, 8, 16, 24, *deck[:4]], "E": deck[4:12], "N": deck[12:20], "W": deck[20:28]}
    for spec, phase in (
        ("federation", "play"),
        ({"base": "federation", "four_sevens_cancel": True}, "redeal"),
    ):
        deal = CoincheDeal(spec, "N", hands)
        for call in ("80S", "pass", "pass", "pass"):
            deal.call(call)
        assert deal.phase == phase


def _deal_with(hands_codes: dict, contract_calls: list[str], profile="federation") -> CoincheDeal:
    hands = {seat: parse_cards(codes) for seat, codes in hands_codes.items()}
    deal = CoincheDeal(profile, "W", hands)  # S speaks and leads first
    for call in contract_calls:
        deal.call(call)
    return deal


HANDS_DECL = {
    "S": ["7H", "8H", "9H", "KS", "QS", "AD", "7C", "TC"],
    "E": ["TH", "JH", "QH", "KH", "9C", "JC", "QC", "8C"],
    "N": ["7S", "8S", "9S", "TS", "AH", "7D", "8D", "9D"],
    "W": ["JS", "AS", "TD", "JD", "QD", "KD", "KC", "AC"],
}


def test_declarations_first_trick_compared_at_the_second():
    """Seed 000: declarations are said at the first trick; the best one decides (D2)."""
    deal = _deal_with(HANDS_DECL, ["80S", "pass", "pass", "pass"])
    assert [c.kind for c in deal.declarable()] == ["tierce"]
    with pytest.raises(IllegalMove) as error:
        deal.declare(["quinte"])
    assert error.value.code == "announce_not_held"
    assert deal.declare(["tierce"])[0].code == "declare_said"
    with pytest.raises(IllegalMove):
        deal.declare([])
    deal.play(parse_card("7H"))
    assert [c.kind for c in deal.declarable()] == ["quarte"]  # East: T J Q K of hearts
    deal.declare(["quarte"])
    for _ in range(3):
        deal.play(deal.legal().legal[0])
    assert deal.declarable() == []
    with pytest.raises(IllegalMove) as error:
        deal.declare([])
    assert error.value.code == "declare_too_late"
    outcome = deal.declarations_outcome()
    assert outcome[-1].code == "declarations_best" and outcome[-1].params["side"] == "EW"
    while not deal.finished:
        deal.play(deal.legal().legal[0])
    answer, _ = ask("replay", deal.replay_payload())
    assert answer["declarations"] == {"NS": 0, "EW": 50}
    assert answer["scores"] == {
        "NS": deal.result().score.scores[0],
        "EW": deal.result().score.scores[1],
    }


def test_belote_then_rebelote_said_by_the_holder():
    """RULES.md §5: king and queen of trump held by one player; said as they are played."""
    deal = _deal_with(HANDS_DECL, ["80S", "pass", "pass", "pass"])
    deal.declare([])
    said = []
    while not deal.finished:
        record = deal.play(deal.legal().legal[-1])
        if record.belote:
            said.append((record.belote.code, record.seat, card_code(record.card)))
    assert [code for code, *_ in said] == ["belote_said", "rebelote_said"]
    assert {seat for _, seat, _ in said} == {"S"}
    assert deal.result().summary.belote == (20, 0)


def test_the_machine_refuses_what_is_not_a_move():
    deal = CoincheDeal("federation", "N", HANDS)
    with pytest.raises(IllegalMove) as error:
        deal.legal()
    assert error.value.code == "deal_in_auction"
    with pytest.raises(RulesError) as error:
        deal.call("81H")
    assert error.value.code == "bid_out_of_range"
    with pytest.raises(RulesError):
        deal.call("nonsense")


# -- the auction made on six cards (002 line 149: 3-3-2; line 11, the beloinche: 6-2) ---------

SIX_CARD_DEALS = [("3-3-2", "002 line 149"), ("6-2", "002 line 11")]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("pattern", "source"), SIX_CARD_DEALS)
def test_a_six_card_auction_then_the_last_two_cards(profile, pattern, source):
    """Each player bids on the first six cards dealt; the last two arrive with the contract,
    and the deal goes on on eight cards, scored as the replay command scores it."""
    spec = {"base": profile, "deal": pattern}
    dealt = cut_and_deal(random.Random(11), "N", pattern=pattern)
    deal = CoincheDeal(spec, "N", dealt.hands)
    for seat in SEATS:
        assert deal.hand(seat) == dealt.auction_hands(pattern)[seat]
    assert deal.to_come() == 2
    note = deal.auction_note()
    assert note == Step("deal_auction_cards")
    steps = []
    for call in ("80H", "pass", "pass", "pass"):
        steps = deal.call(call)
    assert [s.code for s in steps[-2:]] == ["auction_contract", "deal_completed"]
    assert steps[-1].params == {"seat": "N"}
    assert deal.to_come() == 0 and deal.auction_note() is None
    for seat in SEATS:
        assert deal.hand(seat) == dealt.hands[seat]
    while not deal.finished:
        deal.play(deal.legal().legal[0])
    # The replay takes the whole hands: the packets do not change what it checks.
    answer, _ = ask("replay", json.loads(json.dumps(deal.replay_payload())))
    assert answer["valid"]
    assert answer["scores"] == dict(zip(("NS", "EW"), deal.result().score.scores, strict=True))


@pytest.mark.parametrize(("pattern", "source"), SIX_CARD_DEALS)
def test_four_passes_on_six_cards_deal_nothing_more(pattern, source):
    deal = CoincheDeal({"base": "federation", "deal": pattern}, "N", HANDS)
    for _ in range(4):
        steps = deal.call("pass")
    assert deal.phase == "redeal" and "deal_completed" not in [s.code for s in steps]
    assert deal.to_come() == 0 and all(len(deal.dealt_cards(seat)) == 6 for seat in SEATS)


@pytest.mark.parametrize(("pattern", "source"), SIX_CARD_DEALS)
def test_four_sevens_at_the_auctions_end_declarations_from_the_whole_hand(pattern, source):
    """002 line 199 with a six-card auction: the four 7s cancel the deal "at the end of the
    auction", so a fourth 7 among the last two cards comes too late (the machine and replay
    agree); a tierce's third card among them still counts, as declarations are made at the
    first trick with all eight cards."""
    deck = [c for c in range(32) if not SEVENS >> c & 1]
    late = {"S": [0, 8, 16, *deck[:3], 24, deck[3]], "E": deck[4:12]}
    late |= {"N": deck[12:20], "W": deck[20:28]}
    early = {**late, "S": [0, 8, 16, 24, *deck[:4]]}
    spec = {"base": "federation", "deal": pattern, "four_sevens_cancel": True}
    calls = ["80S", "pass", "pass", "pass"]
    for hands, cancelled in ((late, False), (early, True)):
        deal = CoincheDeal(spec, "N", hands)
        assert (parse_card("7C") in deal.hand("S")) is cancelled
        for call in calls:
            steps = deal.call(call)
        assert (deal.phase == "redeal") is cancelled
        assert (steps[-1].code == "four_sevens_redeal") is cancelled
        answer, _ = ask("replay", {**deal.replay_payload(), "plays": [], "calls": calls})
        assert answer["valid"] and (answer["contract"] is None) is cancelled
    # S's tierce 7-8-9 of hearts: the 9 is one of the last two cards.
    tierce = {**HANDS_DECL, "S": ["7H", "8H", "KS", "QS", "AD", "7C", "9H", "TC"]}
    deal = _deal_with(
        tierce, ["80S", "pass", "pass", "pass"], {"base": "federation", "deal": pattern}
    )
    assert [c.kind for c in deal.declarable()] == ["tierce"]


# -- the coinche at any moment (002 line 31, "coincher on the fly"; encyclopedia profile) -------


@pytest.mark.parametrize("profile", PROFILES)
def test_who_may_coinche_out_of_turn(profile):
    """After W's bid (dealer N), S speaks in turn; N, the other opponent, may coinche at once
    where the profile says so; the bidder's partner may then surcoinche out of turn."""
    deal = CoincheDeal(profile, "N", HANDS)
    deal.call("90H")
    allowed = deal.profile.coinche_out_of_turn
    assert deal.calls_out_of_turn("S") == {}  # in turn: the ordinary calls
    assert deal.calls_out_of_turn("E") == {}  # W's partner: nothing to coinche
    offered = deal.calls_out_of_turn("N")
    assert list(offered) == (["N:coinche"] if allowed else [])
    if not allowed:
        with pytest.raises(IllegalMove) as error:
            deal.call("N:coinche")
        assert error.value.code == "not_your_turn"
        return
    assert offered["N:coinche"] == Step("call_any_moment", {"seat": "N", "kind": "coinche"})
    deal.call("N:coinche")
    assert deal.calls == ["90H", "N:coinche"] and deal.auction.double == 2
    assert deal.calls_out_of_turn("N") == {} and deal.calls_out_of_turn("S") == {}
    # The auction carries on from the coincher: W, the bidder, speaks in turn; E, W's
    # partner, may surcoinche at once.
    assert deal.to_move == "W" and deal.calls_out_of_turn("W") == {}
    assert list(deal.calls_out_of_turn("E")) == ["E:surcoinche"]
    for call in ("pass", "pass", "pass"):
        deal.call(call)
    assert deal.contract.as_dict() == {"seat": "W", "bid": 90, "trump": "H", "double": 2}
    while not deal.finished:
        deal.play(deal.legal().legal[0])
    answer, _ = ask("replay", json.loads(json.dumps(deal.replay_payload())))
    assert answer["valid"] and answer["contract"]["double"] == 2
    assert answer["scores"] == dict(zip(("NS", "EW"), deal.result().score.scores, strict=True))


def test_no_coinche_out_of_turn_on_an_uncoinchable_capot():
    deal = CoincheDeal({"base": "encyclopedia", "coinche_capot": False}, "N", HANDS)
    deal.call("capotH")
    assert deal.calls_out_of_turn("N") == {}
