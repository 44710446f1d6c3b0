"""The lessons' worked examples, replayed by the engine under every profile each lesson offers:
every card legal for the seat that plays it, every call legal, every solution the engine's."""

import pytest

from tutor import exercises
from tutor.lessons import examples, questions
from tutor.lessons.path import (
    LESSONS,
    AuctionExample,
    DuelExample,
    SolvedExample,
    TrickExample,
)
from tutor.rules.cards import SEATS, next_seat, parse_card, parse_cards
from tutor.rules.chouine import rules as chouine
from tutor.rules.coinche.auction import run_auction
from tutor.rules.coinche.play import legal_plays
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import parse_trump
from tutor.rules.explain import Step, render

CASES = [
    pytest.param(lesson, profile, id=f"{slug}-{profile}")
    for slug, lesson in LESSONS.items()
    for profile in questions.profiles_for(lesson)
]


def test_every_lesson_opens_with_an_example():
    assert len(LESSONS) == 16
    kinds = {type(lesson.example) for lesson in LESSONS.values()}
    assert kinds == {TrickExample, AuctionExample, DuelExample, SolvedExample}


def _trick_is_legal(example: TrickExample, profile: str) -> None:
    rules = coinche_profile(profile)
    trump = parse_trump(example.trump, rules)
    dealt = [code for cards in example.hands.values() for code in cards]
    assert len(dealt) == len(set(dealt)) and set(example.hands) == set(SEATS)
    seat, played = example.leader, []
    for code in example.plays:
        answer = legal_plays(parse_cards(list(example.hands[seat])), played, seat, trump, rules)
        assert code in answer.codes(), (seat, code, answer.rule)
        played.append((seat, parse_card(code)))
        seat = next_seat(seat)


def _duel_is_legal(example: DuelExample) -> None:
    trump = "SHDC".index(example.trump)
    leader, other = example.leader, "B" if example.leader == "A" else "A"
    lead = -1
    for player, code in ((leader, example.lead), (other, example.reply)):
        hand = parse_cards(list(example.hands[player]))
        legal, *_ = chouine.explain_legal(hand, lead, trump, example.stock, player)
        assert parse_card(code) in legal, (player, code)
        lead = parse_card(example.lead)


@pytest.mark.parametrize(("lesson", "profile"), CASES)
def test_the_engine_accepts_every_example_under_every_profile_of_its_lesson(lesson, profile):
    example = lesson.example
    shown = examples.frames(example, profile)
    if isinstance(example, TrickExample):
        _trick_is_legal(example, profile)
        assert len(shown) == 6  # the position, four cards, the winner
        assert [len(frame.table["trick"]) for frame in shown] == [0, 1, 2, 3, 4, 4]
        assert all(frame.rule is not None for frame in shown[1:5])
    elif isinstance(example, AuctionExample):
        result = run_auction(coinche_profile(profile), example.dealer, list(example.calls))
        assert result.valid and result.done
        assert len(shown) == len(example.calls) + 1
        assert shown[-1].table["contract"] == (result.contract and result.contract.as_dict())
    elif isinstance(example, DuelExample):
        _duel_is_legal(example)
        assert [len(frame.table["trick"]) for frame in shown] == [0, 1, 2, 2]
    else:
        solution = exercises.solve(questions.question(example.exercise, profile))
        assert [line for frame in shown[1:] for line in frame.lines] == solution.steps
    # Every step says something, in every language.
    for lang in ("pt", "es", "ro", "fr"):
        for frame in shown:
            assert frame.lines and all(render(line, lang) for line in frame.lines)


@pytest.mark.parametrize("profile", questions.profiles_for(LESSONS["coinche-play"]))
def test_the_play_example_trumps_then_overtrumps_under_every_profile(profile):
    shown = examples.frames(LESSONS["coinche-play"].example, profile)
    # North leads the ace of spades; West, void, must trump; South must overtrump.
    assert [frame.rule.code for frame in shown[1:5]] == [
        "lead_any",
        "must_trump",
        "must_overtrump",
        "follow_suit",
    ]
    winner, points = shown[-1].lines
    assert winner.code == "trick_won_by_trump" and winner.params["card"] == "JH"
    assert points.params["points"] == 45  # 11 + 14 + 20 + 0
    assert shown[-1].table["show_winner"]


def test_the_first_trick_is_led_by_the_player_after_the_dealer():
    example = LESSONS["coinche-table"].example
    first = examples.frames(example, "federation")[0]
    assert [line.code for line in first.lines] == ["table_dealer", "table_leads"]
    assert first.table["dealer"] == "S" and first.table["leader"] == "E"


def test_the_auction_example_ends_surcoinched():
    shown = examples.frames(LESSONS["coinche-auction"].example, "federation")
    assert shown[0].table["to_speak"] == "W"  # North dealt: West speaks first
    assert [seat for seat, _call in shown[-1].table["calls"]] == list("WSENWSE")
    assert shown[-1].table["contract"] == {"seat": "W", "bid": 100, "trump": "H", "double": 4}
    assert shown[-1].table["to_speak"] is None


@pytest.mark.parametrize(
    ("example", "problem"),
    [
        (
            TrickExample("H", "N", LESSONS["coinche-play"].example.hands, ("AS", "QC", "JH", "7S")),
            "W may not play QC",
        ),
        (
            TrickExample("H", "N", LESSONS["coinche-play"].example.hands, ("AS", "9H", "JH", "8D")),
            "E does not hold 8D",
        ),
        (AuctionExample("N", ("80H", "coinche", "80S")), "80S is refused"),
        (AuctionExample("N", ("80H", "pass")), "does not end"),
        (
            DuelExample("C", "A", {"A": ("QH",), "B": ("KH", "7C")}, "QH", "7C", 0),
            "B may not play 7C",
        ),
        (
            DuelExample("C", "A", {"A": ("QH",), "B": ("KH",)}, "QH", "KH", 4, indicator="8D"),
            "turned-up card",
        ),
    ],
)
def test_it_refuses_an_example_the_engine_does_not_accept(example, problem):
    with pytest.raises(examples.ExampleError, match=problem):
        examples.frames(example, "federation")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_step_names_the_seat_whose_rule_it_gives_and_shows_its_hand(lang):
    view = examples.step_view(LESSONS["coinche-play"].example, "federation", lang, 3)
    assert view["count"] == 6 and view["cards"] == 3
    assert [card["code"] for group in view["hand"]["groups"] for card in group] == [
        "JH",
        "8H",
        "KD",
    ]
    chosen = [card["code"] for group in view["hand"]["groups"] for card in group if card["chosen"]]
    assert chosen == ["JH"]
    assert render(Step("table_played", {"seat": "S", "card": "JH"}), lang) == (view["lines"][0])
    # Past the end: the last step (a solved example's count can change with the profile).
    assert examples.step_view(LESSONS["coinche-play"].example, "federation", lang, 40)["step"] == 5
