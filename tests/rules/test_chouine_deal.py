"""The Chouine deal as a state machine: the deal, the stock, the trump-7 exchange, announcements."""

import pytest

from tutor.rules.cards import HEARTS, card_code, parse_card, parse_cards
from tutor.rules.chouine import cli as chouine_cli
from tutor.rules.chouine.announce import Kind
from tutor.rules.chouine.deal import ChouineDeal, IllegalMove
from tutor.rules.chouine.scenarios import random_position


def make_deck(non_dealer, dealer, indicator, stock=()):
    """A deck in dealing order; the stock's unnamed cards follow in card order."""
    first = []
    for a, b in zip(non_dealer, dealer, strict=True):
        first += [a, b]
    named = first + [indicator, *stock]
    cards = parse_cards(named)
    return cards + [card for card in range(32) if card not in cards]


def codes(cards):
    return [card_code(card) for card in cards]


def refusal(action, *args):
    with pytest.raises(IllegalMove) as error:
        action(*args)
    return error.value.code


def play_codes(deal, *moves):
    for move in moves:
        deal.play(parse_card(move))


def test_deal_one_at_a_time_from_the_non_dealer():
    deck = make_deck(["AS", "KS", "QS", "JS", "TS"], ["7H", "8H", "9H", "TH", "JH"], "QD")
    deal = ChouineDeal(deck, dealer="B")
    assert codes(deal.hand("A")) == ["TS", "JS", "QS", "KS", "AS"]
    assert codes(deal.hand("B")) == ["7H", "8H", "9H", "TH", "JH"]
    assert deal.to_move == "A" and deal.stock_count == 22
    assert card_code(deal.indicator) == "QD" and deal.trump == 2


def test_stock_draws_winner_first_and_the_indicator_last():
    deal = ChouineDeal(list(range(32)), dealer="A")
    while deal.tricks < 11:
        deal.play(deal.legal_cards()[0])
    last = deal.history[-1].trick
    # The 11th trick's winner takes the last face-down card, the loser the indicator.
    assert last.draws[0] == (last.winner, 31)
    assert last.draws[1][1] == 10 and last.draws[1][0] != last.winner
    assert deal.stock_count == 0
    assert len(deal.hand("A")) == len(deal.hand("B")) == 5


def test_exchange_needs_no_trick_and_gives_the_indicator():
    deck = make_deck(["7H", "KS", "QS", "JS", "TS"], ["8H", "9H", "TH", "JH", "QH"], "AH")
    deal = ChouineDeal(deck, dealer="B")
    assert deal.exchange_holder() == "A"
    assert refusal(deal.exchange, "B") == "chouine_exchange_not_holder"
    record = deal.exchange()
    assert (record.player, card_code(record.seven), card_code(record.indicator)) == (
        "A",
        "7H",
        "AH",
    )
    assert "AH" in codes(deal.hand("A")) and card_code(deal.indicator) == "7H"
    assert refusal(deal.exchange) == "chouine_exchange_done"


def test_exchange_impossible_when_the_seven_is_turned():
    deck = make_deck(["8H", "KS", "QS", "JS", "TS"], ["9H", "TH", "JH", "QH", "KH"], "7H")
    deal = ChouineDeal(deck, dealer="B")
    assert refusal(deal.exchange) == "chouine_exchange_seven_turned"


def test_exchange_until_the_lead_of_the_11th_trick_and_au_sept():
    deck = make_deck(["7H", "KS", "QS", "JS", "TS"], ["8C", "9C", "TC", "JC", "QC"], "AH")
    deal = ChouineDeal(deck, dealer="B")
    seven = parse_card("7H")
    while deal.tricks < 10:
        deal.play(next(card for card in deal.legal_cards() if card != seven))
        assert not deal.au_sept() or deal.tricks == 10
    assert deal.au_sept() and deal.can_exchange("A")
    deal.play(next(card for card in deal.legal_cards() if card != seven))
    assert not deal.au_sept()
    assert refusal(deal.exchange) == "chouine_exchange_too_late"


def test_au_sept_is_said_in_the_replay():
    deck = make_deck(["7H", "KS", "QS", "JS", "TS"], ["8C", "9C", "TC", "JC", "QC"], "AH")
    deal = ChouineDeal(deck, dealer="B")
    seven = parse_card("7H")
    moves = []
    while deal.tricks < 10:
        card = next(card for card in deal.legal_cards() if card != seven)
        deal.play(card)
        moves.append({"play": card_code(card)})
    moves.append({"exchange": True, "player": "A"})
    payload = {"dealer": "B", "deck": codes(deck), "moves": moves}
    answer, steps = chouine_cli.replay(payload)
    assert answer["valid"] and answer["exchanges"] == [
        {"player": "A", "seven": "7H", "indicator": "AH"}
    ]
    step_codes = [step.code for step in steps]
    assert step_codes.index("chouine_au_sept") < step_codes.index("chouine_exchange")


def test_the_loser_of_the_11th_trick_takes_the_exchanged_seven():
    deck = make_deck(["7H", "KS", "QS", "JS", "TS"], ["8C", "9C", "TC", "JC", "QC"], "AH")
    deal = ChouineDeal(deck, dealer="B")
    deal.exchange()
    while deal.tricks < 11:
        deal.play(deal.legal_cards()[0])
    trick = deal.history[-1].trick
    assert trick.draws[1][1] == parse_card("7H")
    assert "7H" in codes(deal.hand(trick.draws[1][0]))


def quinte_deal():
    # B holds only low clubs and diamonds, so A's heart leads always win and A draws first.
    return ChouineDeal(
        make_deck(
            ["AH", "KH", "QH", "JH", "TS"],
            ["7C", "8C", "9C", "7D", "8D"],
            "7S",
            ["TD", "9D", "AS", "JC", "AD", "QC", "TH", "KC"],
        ),
        dealer="B",
    )


def test_one_combination_per_suit_and_kept_cards_in_a_quinte():
    deal = quinte_deal()
    record = deal.announce(Kind.QUATERON, HEARTS)
    assert record.points == 40 and codes(record.cards) == ["JH", "QH", "KH", "AH"]
    assert refusal(deal.play, parse_card("TS")) == "chouine_announce_card"
    assert refusal(deal.exchange) == "chouine_announce_pending"
    play_codes(deal, "JH", "7C")
    # No marriage after a quateron of the same suit, though K and Q are still in hand.
    assert refusal(deal.announce, Kind.MARRIAGE, HEARTS) == "chouine_announce_suit_used"
    play_codes(deal, "KH", "8C", "QH", "9C")
    assert codes(deal.hand("A")) == ["TS", "AS", "AH", "TD", "AD"]
    # The ace of hearts, kept from the quateron, serves in the quinte.
    assert deal.announce(Kind.QUINTE).points == 50
    play_codes(deal, "AH", "7D")
    assert len(deal.hand("A")) == 5 and "TH" in codes(deal.hand("A"))
    # Five brisques again, by drawing the ten of hearts: still only one quinte per deal.
    assert refusal(deal.announce, Kind.QUINTE) == "chouine_announce_quinte_done"


def test_captured_cards_never_count():
    deal = quinte_deal()
    play_codes(deal, "KH", "7C")
    assert "KH" in codes(deal.captured_cards("A"))
    assert refusal(deal.announce, Kind.MARRIAGE, HEARTS) == "chouine_announce_missing_cards"


def test_announce_after_the_stock_is_gone():
    position = random_position(11, ["stock_closed", "announce"])
    announcement = position["announcements"][0]
    payload = dict(position["replay"])
    deal_moves = list(payload["moves"])
    move = {"announce": announcement["kind"]}
    if announcement["suit"]:
        move["suit"] = announcement["suit"]
    answer, _ = chouine_cli.replay({**payload, "moves": deal_moves + [move]})
    assert answer["valid"] and answer["stock"] == 0
    made = answer["announcements"][position["player"]][-1]
    card = next(card for card in made["cards"] if card in position["legal"])
    answer, steps = chouine_cli.replay({**payload, "moves": deal_moves + [move, {"play": card}]})
    assert answer["valid"], steps[-1]


def test_replay_stops_at_the_first_illegal_move():
    deck = make_deck(["AS", "KS", "QS", "JS", "TS"], ["7H", "8H", "9H", "TH", "JH"], "QD")
    payload = {"dealer": "B", "deck": codes(deck), "moves": [{"play": "AS"}, {"play": "AS"}]}
    answer, steps = chouine_cli.replay(payload)
    assert answer["valid"] is False and answer["index"] == 1
    assert answer["reason"] == steps[-1].code == "chouine_not_in_hand"
    wrong_turn = {**payload, "moves": [{"play": "7H", "player": "B"}]}
    answer, _ = chouine_cli.replay(wrong_turn)
    assert answer["reason"] == "chouine_not_your_turn" and answer["index"] == 0


def test_last_five_tricks_are_checked_in_the_replay():
    position = random_position(5, ["must_trump"])
    replay = position["replay"]
    wrong = next(item["card"] for item in position["illegal"])
    answer, _ = chouine_cli.replay({**replay, "moves": [*replay["moves"], {"play": wrong}]})
    assert answer["valid"] is False and answer["reason"] == "chouine_illegal_trump"
    answer, _ = chouine_cli.replay(
        {**replay, "moves": [*replay["moves"], {"play": position["legal"][0]}]}
    )
    assert answer["valid"]


def test_announcements_follow_the_hand_after_announcing_and_playing():
    # announcements_available is answered afresh from the hand and the suits used:
    # a combination announced, or whose card was played, never comes back.
    deck = make_deck(["KH", "QH", "JH", "7S", "8S"], ["9S", "TS", "JS", "AD", "TD"], "9D")
    deal = ChouineDeal(deck, "A")
    assert deal.announcements_available() == [(Kind.MARRIAGE, HEARTS), (Kind.TIERCE, HEARTS)]
    deal.announce(Kind.TIERCE, HEARTS)
    assert deal.announcements_available() == []
    assert refusal(deal.play, parse_card("7S")) == "chouine_announce_card"
    play_codes(deal, "KH", "9S")
    assert deal.to_move == "B" and {"QH", "JH"} <= set(codes(deal.hand("B")))
    assert all(suit != HEARTS for _, suit in deal.announcements_available())
    assert not deal.can_announce(Kind.MARRIAGE, HEARTS)
