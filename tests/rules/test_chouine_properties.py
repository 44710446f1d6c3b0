"""Properties of random Chouine deals: every card once, 130 points, the legal set never empty."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.cards import FULL_MASK, card_code, mask_of, parse_card
from tutor.rules.chouine import cli as chouine_cli
from tutor.rules.chouine.deal import ChouineDeal
from tutor.rules.chouine.rules import CARD_POINTS, explain_legal, legal_rule
from tutor.rules.chouine.scenarios import FILTERS, random_game, random_move, random_position

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_random_deal_replays_and_counts_130(seed):
    game = random_game(seed)
    answer, steps = chouine_cli.replay({"profile": "chouine", **game})
    assert answer["valid"] and answer["complete"]
    played = [card for trick in answer["tricks"] for card in trick["cards"]]
    assert len(played) == len(set(played))
    if answer["chouine"] is None:
        assert mask_of(parse_card(card) for card in played) == FULL_MASK
        assert sum(answer["card_points"].values()) == 120
        assert sum(trick["points"] for trick in answer["tricks"]) == 120
        bonus = {player: 10 if answer["last_trick"] == player else 0 for player in "AB"}
        made = {
            player: sum(a["points"] for a in answer["announcements"][player]) for player in "AB"
        }
        assert answer["scores"] == {p: answer["card_points"][p] + bonus[p] + made[p] for p in "AB"}
        assert sum(answer["scores"].values()) == 130 + sum(made.values())
    else:
        assert answer["winner"] == answer["chouine"]


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_legal_set_never_empty_and_in_hand(seed):
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    deal = ChouineDeal(deck, rng.choice("AB"))
    while not deal.finished:
        if not deal.pending:
            hand = deal.hands[deal.turn]
            mask, rule = legal_rule(hand, deal.lead, deal.trump, deal.stock_count)
            assert mask and mask & ~hand == 0
            cards = deal.hand(deal.to_move)
            legal, same_rule, illegal, _ = explain_legal(
                cards, deal.lead, deal.trump, deal.stock_count, deal.to_move
            )
            assert same_rule == rule and mask_of(legal) == mask
            assert set(illegal) | set(legal) == set(cards)
            if deal.stock_count:
                assert mask == hand
            assert len(cards) == (5 if deal.stock_count else len(cards))
        random_move(deal, rng)
    captured = deal.captured[0] | deal.captured[1]
    if deal.chouine_winner is None:
        assert captured == FULL_MASK
        assert sum(CARD_POINTS[c] for c in range(32)) == sum(deal.points) == 120


@settings(max_examples=50, deadline=None)
@given(seeds, st.sampled_from([(), *[(name,) for name in FILTERS], ("stock_closed", "must_trump")]))
def test_positions_meet_their_filters_and_are_deterministic(seed, filters):
    position = random_position(seed, filters)
    assert position == random_position(seed, filters)
    answer, _ = chouine_cli.replay(position["replay"])
    assert answer["valid"] and answer["to_move"] == position["player"]
    question = {
        "trump": position["trump"],
        "hand": position["hand"],
        "trick": position["trick"],
        "player": position["player"],
        "stock": position["stock"],
    }
    legal, _ = chouine_cli.legal(question)
    assert legal["legal"] == position["legal"]
    checks = {
        "stock_open": position["stock"] > 0,
        "stock_closed": position["stock"] == 0,
        "must_trump": position["rule"] == "chouine_must_trump",
        "exchange": position["exchange"] is not None,
        "announce": bool(position["announcements"]),
    }
    assert all(checks[name] for name in filters)
    assert all(card_code(parse_card(card)) == card for card in position["hand"])
