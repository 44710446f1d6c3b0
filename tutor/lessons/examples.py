"""A lesson's worked example, stepped through on the table, every step the engine's.

The position is data in the lesson path (:mod:`.path`); here the engine plays it. Each card
of a trick is checked legal for the seat that plays it and comes with the rule that allows
it (``legal_plays``, ``explain_legal``), the trick's winner and points are the engine's
(``explain_trick``), each call of an auction is checked and applied (``Auction``), and a
solved example shows its question's solution one step at a time. An example the engine
refuses raises :class:`ExampleError`: a mistake of the lesson path, which the tests replay
under every profile the lesson offers.

:func:`frames` gives the steps with no language yet (presenter arguments and engine steps);
:func:`step_view` draws one of them in a language for ``templates/lessons/example.html``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor import exercises
from tutor import table as card_table
from tutor.exercises import present
from tutor.memo import LRU, kept
from tutor.rules.cards import SUITS, card_code, next_seat, parse_card, parse_cards
from tutor.rules.chouine import rules as chouine
from tutor.rules.coinche.auction import Auction, parse_call
from tutor.rules.coinche.play import legal_plays
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.tricks import explain_trick, parse_trump
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, render

from . import questions
from .path import AuctionExample, DuelExample, Example, SolvedExample, TrickExample

messages(
    {
        # Put before the engine's rule for the card just played, which names its player
        # ("South holds…", "Player A leads…"): an example is narrated, never said to "you".
        "example_rule": gettext_noop("The rule:"),
        "example_hand": gettext_noop("The hand of %(seat)s"),
        "example_hand_player": gettext_noop("The hand of %(player)s"),
    }
)


class ExampleError(ValueError):
    """An example the engine does not accept as it is written."""


@dataclass
class Frame:
    """One step of an example: the table (``table``: arguments of the presenter for
    ``game``, or ``question``: a posed question drawn as its type draws it), the hand of the
    seat that just played (``hand``: seat, cards held, card played), what the step says
    (``lines``) and the engine's rule for that seat's card (``rule``)."""

    game: str
    lines: list[Step]
    table: dict = field(default_factory=dict)
    question: dict | None = None
    hand: tuple[str, tuple[str, ...], str] | None = None
    rule: Step | None = None


def frames(example: Example, profile: str) -> list[Frame]:
    """The steps of ``example`` under ``profile`` (a profile or a house-rule code): the
    position, then one step per card, call or step of the engine's solution."""
    try:
        if isinstance(example, TrickExample):
            return _trick(example, profile)
        if isinstance(example, AuctionExample):
            return _auction(example, profile)
        if isinstance(example, DuelExample):
            return _duel(example)
        return _solved(example, profile)
    except RulesError as error:
        raise ExampleError(f"{profile}: {error}") from error


def _disjoint(hands: dict[str, tuple[str, ...]]) -> None:
    seen: set[str] = set()
    for seat, cards in hands.items():
        for code in cards:
            if code in seen:
                raise ExampleError(f"{code} is dealt twice ({seat})")
            seen.add(code)
        if not cards:
            raise ExampleError(f"{seat} holds no card")


def _trick(example: TrickExample, profile: str) -> list[Frame]:
    rules = coinche_profile(profile)
    trump = parse_trump(example.trump, rules)
    hands = example.hands
    _disjoint(hands)
    sizes = {len(cards) for cards in hands.values()}
    if len(hands) != 4 or len(sizes) != 1 or len(example.plays) != 4:
        raise ExampleError("a trick needs four seats holding as many cards and four plays")
    number = 9 - sizes.pop()
    if example.dealer is not None and (
        number != 1 or example.leader != Auction(rules, example.dealer).turn
    ):
        raise ExampleError("the first trick is led by the player after the dealer")
    base = {"trump": example.trump, "leader": example.leader, "number": number}
    if example.dealer is not None:
        base["dealer"] = example.dealer
    opening = [Step("table_leads", {"seat": example.leader})]
    if example.dealer is not None:
        opening.insert(0, Step("table_dealer", {"seat": example.dealer}))
    steps = [Frame("coinche", opening)]
    steps[0].table = {**base, "trick": []}
    seat, played = example.leader, []
    for code in example.plays:
        held = hands[seat]
        if code not in held:
            raise ExampleError(f"{seat} does not hold {code}")
        answer = legal_plays(parse_cards(list(held)), played, seat, trump, rules)
        if code not in answer.codes():
            raise ExampleError(f"{seat} may not play {code} under {profile}")
        played.append((seat, parse_card(code)))
        said = "table_led" if len(played) == 1 else "table_played"
        frame = Frame("coinche", [Step(said, {"seat": seat, "card": code})])
        frame.table = {**base, "trick": [card_code(c) for _, c in played]}
        reason = answer.steps[0]
        frame.hand = (seat, held, code)
        frame.rule = Step(reason.code, {**reason.params, "seat_playing": seat})
        steps.append(frame)
        seat = next_seat(seat)
    last = Frame("coinche", explain_trick([c for _, c in played], trump, rules))
    last.table = {**base, "trick": list(example.plays), "show_winner": True}
    steps.append(last)
    return steps


def _auction(example: AuctionExample, profile: str) -> list[Frame]:
    auction = Auction(coinche_profile(profile), example.dealer)
    base = {"dealer": example.dealer, "to_play": False}
    opening = [Step("table_dealer", {"seat": example.dealer})]
    first = Frame("coinche", [*opening, Step("auction_next", {"seat": auction.turn})])
    first.table = {**base, "calls": [], "to_speak": auction.turn}
    steps, laid = [first], []
    for text in example.calls:
        call = parse_call(text)
        reason = auction.check(call)
        if reason is not None:
            raise ExampleError(f"{text} is refused under {profile}: {reason.code}")
        laid.append((call.seat or auction.turn, text))
        said = auction.apply(call)
        if not auction.done:
            said.append(Step("auction_next", {"seat": auction.turn}))
        frame = Frame("coinche", said)
        frame.table = {**base, "calls": list(laid), "to_speak": None}
        if auction.done:
            contract = auction.contract()
            frame.table["contract"] = contract.as_dict() if contract else None
        else:
            frame.table["to_speak"] = auction.turn
        steps.append(frame)
    if not auction.done:
        raise ExampleError("the auction does not end")
    return steps


def _duel(example: DuelExample) -> list[Frame]:
    hands = example.hands
    _disjoint(hands)
    trump = SUITS.index(example.trump)
    if example.indicator and (
        example.indicator[1] != example.trump
        or any(example.indicator in cards for cards in hands.values())
    ):
        raise ExampleError("the turned-up card gives the trump and lies under the stock")
    leader = example.leader
    other = chouine.PLAYERS[1 - chouine.PLAYERS.index(leader)]
    base = {
        "trump": example.trump,
        "stock": example.stock,
        "indicator": example.indicator,
        "leader": leader,
    }
    first = Frame("chouine", [Step("table_player_to_play", {"player": leader})])
    first.table = {**base, "trick": []}
    steps = [first]
    lead = -1
    for player, code, said in ((leader, example.lead, "led"), (other, example.reply, "played")):
        held = hands[player]
        if code not in held:
            raise ExampleError(f"{player} does not hold {code}")
        legal, _rule, _illegal, reasons = chouine.explain_legal(
            parse_cards(list(held)), lead, trump, example.stock, player
        )
        if parse_card(code) not in legal:
            raise ExampleError(f"{player} may not play {code}")
        lead = parse_card(code) if lead < 0 else lead
        frame = Frame("chouine", [Step(f"table_player_{said}", {"player": player, "card": code})])
        frame.table = {**base, "trick": [example.lead] + ([example.reply] * (said == "played"))}
        frame.hand, frame.rule = (player, held, code), reasons[0]
        steps.append(frame)
    _winner, why = chouine.explain_trick(
        parse_card(example.lead), parse_card(example.reply), trump, leader
    )
    last = Frame("chouine", [why])
    last.table = {**base, "trick": [example.lead, example.reply], "show_winner": True}
    steps.append(last)
    return steps


def _solved(example: SolvedExample, profile: str) -> list[Frame]:
    try:
        question = questions.question(example.exercise, profile)
        solution = exercises.solve(question)
    except exercises.ExerciseError as error:
        raise ExampleError(f"{example.exercise.type} under {profile}: {error}") from error
    game = exercises.get_type(question["type"]).game
    steps = [Frame(game, [Step(question["prompt"]["code"], question["prompt"]["params"])])]
    steps += [Frame(game, [step]) for step in solution.steps]
    for frame in steps:
        frame.question = question
    return steps


def position(example: Example, profile: str) -> dict:
    """The example as the engine's JSON, for "Ask this at the club" (tutor/club/positions.py):
    a Coinche trick with each seat's hand before it, an auction, a Chouine trick, or a
    solved example's question."""
    if isinstance(example, TrickExample):
        seat, trick = example.leader, []
        for card in example.plays:
            trick.append({"seat": seat, "card": card})
            seat = next_seat(seat)
        hands = {seat: list(cards) for seat, cards in example.hands.items()}
        return {"profile": profile, "trump": example.trump, "trick": trick, "hands": hands}
    if isinstance(example, AuctionExample):
        return {"profile": profile, "dealer": example.dealer, "calls": list(example.calls)}
    if isinstance(example, DuelExample):
        other = chouine.PLAYERS[1 - chouine.PLAYERS.index(example.leader)]
        trick = [
            {"player": example.leader, "card": example.lead},
            {"player": other, "card": example.reply},
        ]
        return {"profile": "chouine", "trump": example.trump, "trick": trick}
    question = questions.question(example.exercise, profile)
    return {"type": question["type"], "data": question["data"]}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# Steps drawn once per example, profile, language and step; keyed by the example's identity,
# kept alive by its entry. Callers get their own copy of the top level.
STEPS = LRU(items=1000)


def step_view(example: Example, profile: str, lang: str, step: int) -> dict:
    """Step ``step`` of the example in ``lang`` (the last one for a step past the end): the
    table, the hand of the seat that just played, the step's sentences and its rule."""
    key = (id(example), profile, lang, step)
    found = STEPS.get(key)
    if found is None or found[0] is not example:
        found = (example, kept(_step_view(example, profile, lang, step)))
        STEPS.put(key, found)
    return dict(found[1])


def _step_view(example: Example, profile: str, lang: str, step: int) -> dict:
    shown = frames(example, profile)
    step = min(step, len(shown) - 1)
    frame = shown[step]
    if frame.question is not None:
        view = present.question_view(frame.question, lang)
        position = {**view, "kind": "static"}
    else:
        draw = card_table.chouine_table if frame.game == "chouine" else card_table.coinche_table
        position = {"table": draw(lang, **frame.table), "rows": [], "hand": None, "kind": "static"}
    rule = hand = None
    said = list(frame.lines)
    if frame.hand is not None:
        seat, held, played = frame.hand
        who = {"player": seat} if frame.game == "chouine" else {"seat": seat}
        suffix = "_player" if frame.game == "chouine" else ""
        trump = frame.table.get("trump")
        hand = card_table.hand_view(held, lang, trump=trump, game=frame.game, chosen=[played])
        hand["label"] = _capital(render(Step(f"example_hand{suffix}", who), lang))
        said += [Step("example_rule", {}), frame.rule]
        rule = {
            "label": _capital(render(said[-2], lang)),
            "text": _capital(render(frame.rule, lang)),
        }
    return {
        "step": step,
        "count": len(shown),
        "last": len(shown) - 1,
        "position": position,
        "hand": hand,
        "lines": [_capital(render(line, lang)) for line in frame.lines],
        "rule": rule,
        "cards": sum(1 for seat in (position["table"] or {"seats": ()})["seats"] if seat["card"]),
        # What a report of this step carries: the steps said, the table drawn (or question).
        "said": said,
        "drawn": {"question": frame.question} if frame.question is not None else frame.table,
        "game": frame.game,
    }
