"""The table presenter: where each seat sits, what the trick shows, how a hand is ordered,
the Chouine stock; each fact the engine's (seed 003's order of play, seed 001's Chouine)."""

import pytest

from tutor import table


def seats(drawn):
    return {seat["position"]: seat for seat in drawn["seats"]}


@pytest.mark.parametrize(
    ("bottom", "right", "top", "left"),
    [("S", "E", "N", "W"), ("E", "N", "W", "S"), ("N", "W", "S", "E"), ("W", "S", "E", "N")],
)
def test_it_seats_the_next_player_on_the_right_and_the_partner_opposite(bottom, right, top, left):
    by_position = seats(table.coinche_table("en", bottom=bottom))
    assert [by_position[p]["code"] for p in ("bottom", "right", "top", "left")] == [
        bottom,
        right,
        top,
        left,
    ]
    assert by_position["bottom"]["side"] == by_position["top"]["side"]


def test_it_lays_each_card_before_the_seat_that_played_it_in_the_order_played():
    drawn = table.coinche_table("en", trump="H", leader="W", trick=["7C", "9C"], you="E")
    by_code = {seat["code"]: seat for seat in drawn["seats"]}
    assert by_code["W"]["card"]["code"] == "7C" and by_code["W"]["card"]["order"] == 1
    assert by_code["S"]["card"]["code"] == "9C" and by_code["S"]["card"]["order"] == 2
    assert by_code["N"]["card"] is None
    # West led, South followed: East is to play, and East is the learner, at the bottom.
    assert [s["code"] for s in drawn["seats"] if s["to_play"]] == ["E"]
    assert seats(drawn)["bottom"]["code"] == "E" and by_code["E"]["you"]
    assert by_code["W"]["leader"] and not by_code["S"]["leader"]
    assert drawn["summary"] == [
        "The contract is in hearts.",
        "West led the seven of clubs.",
        "South played the nine of clubs.",
        "East is to play.",
        "You are East.",
    ]


def test_it_marks_the_engines_winner_only_when_asked():
    trick = ["9H", "AH", "TH", "JH"]  # lesson 1's trick: the jack of trumps, played fourth
    hidden = table.coinche_table("en", trump="H", leader="S", trick=trick)
    assert hidden["winner"] is None and not any(s["winner"] for s in hidden["seats"])
    shown = table.coinche_table("en", trump="H", leader="S", trick=trick, show_winner=True)
    assert shown["winner"] == "W"
    assert [s["code"] for s in shown["seats"] if s["winner"]] == ["W"]
    assert "West wins the trick with the jack of hearts." in shown["summary"]
    # A full trick has nobody left to play.
    assert not any(s["to_play"] for s in shown["seats"])
    # No trump: the highest card of the suit led wins, not the jack.
    no_trump = table.coinche_table("en", trump="SA", leader="S", trick=trick, show_winner=True)
    assert no_trump["winner"] == "E"


def test_it_names_the_seats_and_partnerships_in_the_page_language():
    drawn = table.coinche_table("fr", trump="C", leader="W", trick=["KD"], dealer="N")
    by_code = {seat["code"]: seat for seat in drawn["seats"]}
    assert by_code["W"]["name"] == "Ouest" and by_code["W"]["side_name"] == "Est-Ouest"
    assert by_code["N"]["dealer"]
    assert "Nord" in drawn["summary"][1]
    assert "Ouest" in drawn["summary"][2] and "roi de carreau" in drawn["summary"][2]
    assert "Sud" in drawn["summary"][3]


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        # Hearts trump: the trump order J 9 A 10 K Q 8 7 first, then the plain order.
        ("H", [["JH", "9H", "AH", "7H"], ["AC", "TC", "8C"], ["KD"], ["AS", "9S"]]),
        # Spades trump: the jack and nine of spades lead; hearts keep the plain order.
        ("S", [["9S", "AS"], ["AH", "JH", "9H", "7H"], ["AC", "TC", "8C"], ["KD"]]),
        # No trump: every suit in the plain order A 10 K Q J 9 8 7, colours alternating.
        ("SA", [["AS", "9S"], ["AH", "JH", "9H", "7H"], ["AC", "TC", "8C"], ["KD"]]),
        # All trumps: every suit in the trump order.
        ("TA", [["9S", "AS"], ["JH", "9H", "AH", "7H"], ["AC", "TC", "8C"], ["KD"]]),
    ],
)
def test_it_groups_a_hand_by_suit_trump_first_high_to_low(trump, expected):
    hand = ["7H", "AS", "JH", "KD", "TC", "9H", "8C", "AC", "9S", "AH"]
    assert table.sort_hand(hand, trump) == expected


def test_it_orders_a_chouine_hand_with_the_ten_under_the_ace():
    assert table.sort_hand(["KS", "TS", "AS", "7C", "JS"], "C", game="chouine") == [
        ["7C"],
        ["AS", "TS", "KS", "JS"],
    ]


def test_it_marks_the_trump_on_every_card_of_it():
    hand = table.hand_view(["JH", "AS", "7H"], "en", trump="H")
    marks = {card["code"]: card["trump"] for group in hand["groups"] for card in group}
    assert marks == {"JH": True, "7H": True, "AS": False}
    all_trumps = table.hand_view(["JH", "AS"], "en", trump="TA")
    assert all(card["trump"] for group in all_trumps["groups"] for card in group)


def test_it_gives_each_answered_card_its_verdict():
    marks = table.verdicts(["JH", "KS", "7S", "QD"], given=["JH", "KS"], expected=["KS", "7S"])
    assert marks == {"JH": "wrong", "KS": "right", "7S": "missed", "QD": "unchosen"}
    assert set(marks.values()) <= set(table.VERDICTS)


def test_it_draws_the_chouine_stock_with_its_count_and_the_indicator_under_it():
    drawn = table.chouine_table(
        "en", trump="C", stock=12, indicator="8C", leader="A", trick=["KH"], you="B", bottom="B"
    )
    assert drawn["stock"]["count"] == 12 and drawn["stock"]["indicator"]["code"] == "8C"
    assert drawn["phase"] == "stock_open"
    assert [seat["code"] for seat in drawn["seats"]] == ["B", "A"]
    assert [s["code"] for s in drawn["seats"] if s["to_play"]] == ["B"]
    assert drawn["summary"][:3] == [
        "The eight of clubs lies turned up under the stock: trumps are clubs.",
        "The stock holds 12 cards.",
        "Stock open: free play",
    ]


def test_it_shows_the_last_five_tricks_without_an_indicator():
    drawn = table.chouine_table("ro", trump="C", stock=0, indicator="8C", leader="A", trick=["KH"])
    assert drawn["phase"] == "stock_closed"
    assert drawn["stock"]["count"] == 0 and drawn["stock"]["indicator"] is None


def test_it_marks_the_chouine_trick_winner_from_the_engine():
    # Seed 001: a trump takes a plain card, however high.
    drawn = table.chouine_table("en", trump="H", leader="A", trick=["AD", "7H"], show_winner=True)
    assert drawn["winner"] == "B"
    assert "Player B wins the trick with the seven of hearts." in drawn["summary"]


def test_it_writes_the_contract_badge():
    badge = table.contract_view({"seat": "S", "bid": 100, "trump": "H", "double": 2}, "en")
    assert badge["bid"] == "100" and badge["double"] == "×2" and badge["seat"] == "South"
    assert badge["text"] == "Contract: South, 100 in hearts, coinched."
    capot = table.contract_view({"seat": "E", "bid": "capot", "trump": "SA", "double": 1}, "en")
    assert capot["bid"] == "capot" and capot["double"] == ""
    classic = table.contract_view({"seat": "W", "bid": None, "trump": "C", "double": 1}, "en")
    assert classic["text"] == "West took, with clubs as trumps."


def test_it_lays_each_call_at_the_seat_that_made_it_with_the_next_speaker_marked():
    # North dealt: West speaks first, then South (seed 003's order of play).
    drawn = table.coinche_table(
        "en", dealer="N", calls=[("W", "80H"), ("S", "pass"), ("E", "coinche")], to_speak="N"
    )
    by_code = {seat["code"]: seat for seat in drawn["seats"]}
    assert [(c["code"], c["order"], c["short"]) for c in by_code["W"]["calls"]] == [
        ("80H", 1, "80")
    ]
    assert by_code["S"]["calls"][0]["kind"] == "pass" and by_code["S"]["calls"][0]["order"] == 2
    assert by_code["E"]["calls"][0]["double"] == "×2"
    assert by_code["N"]["calls"] == [] and by_code["N"]["to_speak"] and by_code["N"]["dealer"]
    assert drawn["auction"] and not drawn["declarations"]
    assert drawn["summary"] == [
        "North dealt.",
        "West bids 80 in hearts.",
        "South passes.",
        "East says coinche: the contract is doubled.",
        "North is to speak.",
    ]


def test_it_shows_each_seats_declarations_at_its_seat():
    drawn = table.coinche_table("en", trump="H", declared={"N": ["JC", "QC", "KC"], "E": []})
    by_code = {seat["code"]: seat for seat in drawn["seats"]}
    assert [card["code"] for card in by_code["N"]["declared"]] == ["JC", "QC", "KC"]
    assert by_code["E"]["declared"] == [] and by_code["S"]["declared"] == []
    assert "North declares king, queen, and jack of clubs." in drawn["summary"]
    assert "East has nothing to declare." in drawn["summary"]


def test_a_chouine_match_has_its_players_and_first_dealer_but_no_trump():
    drawn = table.chouine_table("en", dealer="B", points={"A": 60, "B": 60})
    assert drawn["trump"] is None and drawn["stock"] is None
    assert [(s["code"], s["dealer"], s["points"]) for s in drawn["seats"]] == [
        ("A", False, 60),
        ("B", True, 60),
    ]
    assert drawn["summary"] == ["Player B dealt first."]
