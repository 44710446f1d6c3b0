"""A question and its verdict as plain values for a template, every sentence in ``lang``.

The partials in ``templates/exercises/`` read exactly these dicts, so any page
(quiz, lesson, club session) renders a question the same way; the position is
drawn on the card table (:mod:`tutor.table`), and once an answer is checked the
verdict is drawn on it too: each card of the hand marked, the trick's winner shown.
"""

from __future__ import annotations

from tutor import table as card_table
from tutor.memo import LRU, freeze, kept
from tutor.reports import spots
from tutor.rules.explain import player_label, seat_name, side_name

from .base import Verdict, get_type, solve, text


def side_label(side: str, lang: str) -> str:
    """Who a ``scores`` answer gives points to: a partnership, or a Chouine player."""
    if side in ("A", "B"):
        return player_label(side, lang)
    return side_name(side, lang)


def _rows(question: dict, lang: str) -> list[dict]:
    """The facts shown above the form. When the answer is a choice of cards from the hand,
    the hand is drawn once, as the choices: a row of exactly those cards keeps its text."""
    hand = question["data"].get("hand", [])
    picks = get_type(question["type"]).answer_kind == "cards"
    return [
        {
            "text": text(row["text"], lang) if row.get("text") else "",
            "cards": [] if picks and row.get("cards") == hand else row.get("cards", []),
            "labels": [text(label, lang) for label in row.get("labels", [])],
            "ordered": row.get("ordered", False),
        }
        for row in question.get("show", [])
    ]


def table_view(
    question: dict,
    lang: str,
    given: object = None,
    verdict: Verdict | None = None,
    reveal: bool = False,
    solution: bool = True,
) -> tuple[dict | None, dict | None]:
    """The question's table and hand (either may be ``None``), with ``given`` ticked and,
    once checked, each card's verdict, the engine's reasons and the trick's winner
    (``reveal`` shows the winner without a verdict: a club session's reveal). Without
    ``solution`` (a first miss) only the cards chosen are marked, the refused ones with
    their reasons: nothing says which cards were left out, nor who wins."""
    qtype = get_type(question["type"])
    position = qtype.table(question)
    if position is None:
        return None, None
    position = dict(position)
    game, cards = position.pop("game"), position.pop("hand", None)
    held = verdict is not None and not verdict.correct and not solution
    if (verdict is not None or reveal) and qtype.shows_winner and not held:
        position["show_winner"] = True
    draw = card_table.chouine_table if game == "chouine" else card_table.coinche_table
    drawn = draw(lang, **position)
    if cards is None or qtype.answer_kind == "tap":
        # A tap question's hand is what it taps: tap_view draws it.
        return drawn, None
    choose = qtype.answer_kind == "cards"
    marks, reasons = {}, {}
    if verdict is not None and choose:
        marks = card_table.verdicts(cards, verdict.given, verdict.expected)
        if held:
            marks = {code: mark for code, mark in marks.items() if code in (verdict.given or ())}
        why = {code: text(step, lang) for code, step in qtype.card_reasons(question).items()}
        for code, mark in marks.items():
            if mark == "missed":
                reasons[code] = text({"code": "quiz_also_legal", "params": {"card": code}}, lang)
            elif code in why:
                reasons[code] = why[code]
    hand = card_table.hand_view(
        cards,
        lang,
        trump=position.get("trump"),
        game=game,
        mode="choose" if choose else "static",
        chosen=given if choose and isinstance(given, list) else (),
        verdict=marks,
        reasons=reasons,
    )
    return drawn, hand


def tap_view(
    question: dict,
    lang: str,
    given: object = None,
    verdict: Verdict | None = None,
    counts: dict | None = None,
    solution: bool = True,
) -> dict | None:
    """What a ``tap`` question taps, on the table component: cards (the hand, sorted as a
    hand; the cards of a trick in the order played, each under its seat) or calls. Buttons to
    tap until there is an answer; with ``verdict``, the answer marked (the tap chosen, the
    other right taps) and the engine's reason for each refused one; with ``counts`` (tap →
    how many chose it: a club's room), each tap's count and whether it is right. Without
    ``solution`` (a first miss) only the tap chosen is marked: nothing shows the right ones."""
    qtype = get_type(question["type"])
    if qtype.answer_kind != "tap":
        return None
    options = qtype.taps(question)
    marks: dict = {}
    reasons: dict = {}
    if verdict is not None or counts is not None:
        expected = verdict.expected if verdict is not None else solve(question).expected
        if verdict is not None:
            marks = card_table.verdicts(options, [verdict.given], expected)
            if not verdict.correct and not solution:
                marks = {tap: mark for tap, mark in marks.items() if tap == verdict.given}
        else:
            marks = {tap: "correct" if tap in expected else "incorrect" for tap in options}
        why = qtype.card_reasons(question)
        # Why the tap chosen (or, for a room, each tap someone chose) is refused.
        if verdict is not None:
            chosen = [verdict.given]
        else:
            chosen = [tap for tap in options if counts.get(tap)]
        reasons = {tap: text(why[tap], lang) for tap in chosen if tap in why}
    # A first miss keeps the taps to tap again, the one chosen marked with its reason.
    held = verdict is not None and not verdict.correct and not solution
    mode = "static" if marks and not held else "play"
    if qtype.tap_field == "call":
        calls = card_table.call_taps(
            options,
            lang,
            mode=mode,
            verdict=marks,
            reasons=reasons,
            counts=counts,
            asks=qtype.tap_asks,
        )
        return {"field": "call", "calls": calls, "hand": None}
    position = qtype.table(question) or {}
    seats = qtype.tap_seats(question)
    # Under each card, standing alone: "Player A" with its capital.
    name = player_label if position.get("game") == "chouine" else seat_name
    hand = card_table.hand_view(
        options,
        lang,
        trump=position.get("trump"),
        game=position.get("game", qtype.game),
        mode=mode,
        verdict=marks,
        reasons=reasons,
        sort=not seats,
        labels={card: name(seat, lang) for card, seat in seats.items()},
        counts=counts,
        asks=qtype.tap_asks,
    )
    return {"field": "card", "calls": None, "hand": hand}


# Questions and verdicts in words, once per question, answer and language: the engine
# decides a verdict from the question and the answer alone. The dicts are shared: templates
# and callers read them, never change them.
VIEWS = LRU(items=800)


def _verdict_key(verdict: Verdict | None):
    if verdict is None:
        return None
    return freeze((verdict.correct, verdict.given, verdict.expected, verdict.rule))


def question_view(
    question: dict,
    lang: str,
    given: object = None,
    verdict: Verdict | None = None,
    solution: bool = True,
) -> dict:
    key = ("question", freeze(question), lang, freeze(given), _verdict_key(verdict), solution)
    return VIEWS.get_or_make(
        key, lambda: kept(_question_view(question, lang, given, verdict, solution))
    )


def _question_view(
    question: dict, lang: str, given: object, verdict: Verdict | None, solution: bool
) -> dict:
    qtype = get_type(question["type"])
    drawn, hand = table_view(question, lang, given, verdict, solution=solution)
    return {
        "type": qtype.name,
        "kind": qtype.answer_kind,
        "prompt": text(question["prompt"], lang),
        "rows": _rows(question, lang),
        "table": drawn,
        "hand": hand,
        "cards": question["data"].get("hand", [])
        if hand is None and qtype.answer_kind == "cards"
        else [],
        "choices": [
            {"value": c["value"], "label": text(c["label"], lang)} for c in question["choices"]
        ],
        "sides": question["data"].get("sides", []),
        "side_fields": [
            {
                "code": side,
                "label": side_label(side, lang),
                "given": given.get(side) if isinstance(given, dict) else None,
            }
            for side in question["data"].get("sides", [])
        ],
        "given": given,
        "taps": tap_view(question, lang, given, verdict, solution=solution),
    }


def tap_name(question: dict, tap: str, lang: str) -> str:
    """One tap in words: the card's name, or the call as a bidding box says it."""
    if get_type(question["type"]).tap_field == "call":
        return card_table.call_taps([tap], lang)["calls"][0]["name"]
    return card_table.card_view(tap, lang)["name"]


def answer_view(question: dict, answer: object, lang: str) -> dict:
    """An answer (given or expected) in words: cards, a choice's label, points per side, or
    the taps (the one given, or every right one)."""
    kind = get_type(question["type"]).answer_kind
    if answer is None:
        return {"kind": kind, "empty": True}
    if kind == "cards":
        return {"kind": kind, "cards": answer}
    if kind == "tap":
        taps = answer if isinstance(answer, list) else [answer]
        return {"kind": kind, "taps": [tap_name(question, tap, lang) for tap in taps]}
    if kind == "choice":
        labels = {c["value"]: text(c["label"], lang) for c in question["choices"]}
        return {"kind": kind, "text": labels.get(answer, str(answer))}
    if kind == "number":
        return {"kind": kind, "number": answer}
    return {
        "kind": kind,
        "scores": [(side, points, side_label(side, lang)) for side, points in answer.items()],
    }


def verdict_view(
    question: dict,
    verdict: Verdict,
    lang: str,
    solution: bool = True,
    step: int | None = None,
) -> dict:
    """The feedback. For ``cards`` questions the hand carries the verdict and the reasons,
    so the steps leave out the sentences the cards already show. Without ``solution`` (a
    first miss) a wrong answer says why it is wrong (the verdict's ``hint``) and holds back
    the right answer and the engine's steps, which would give it away. Kept per question,
    language, verdict and ``solution``; ``report``, the spot of its "Report a problem" link
    (``step``: the exercise's number on its page), differs per page and is added to it."""
    key = ("verdict", freeze(question), lang, _verdict_key(verdict), solution)
    view = VIEWS.get_or_make(key, lambda: kept(_verdict_view(question, verdict, lang, solution)))
    said = verdict.hint if view["held"] else [*verdict.why_wrong, *verdict.steps]
    report = spots.exercise(question, [question["prompt"], *said], verdict.given, step)
    return {**view, "report": report}


def _verdict_view(question: dict, verdict: Verdict, lang: str, solution: bool) -> dict:
    qtype = get_type(question["type"])
    kind = qtype.answer_kind
    held = not verdict.correct and not solution
    why_wrong = [text(step, lang) for step in (verdict.hint if held else verdict.why_wrong)]
    steps = [] if held else [text(step, lang) for step in verdict.steps]
    if kind in ("cards", "tap"):
        if kind == "cards":
            _table, hand = table_view(question, lang, verdict.given, verdict, solution=solution)
        else:
            taps = tap_view(question, lang, verdict.given, verdict, solution=solution)
            hand = taps["hand"] or taps["calls"]
        shown = {card["reason"] for card in hand["reasons"]} if hand else set()
        steps = [line for line in steps if line not in shown]
        why_wrong = [line for line in why_wrong if line not in shown]
    return {
        "correct": verdict.correct,
        "held": held,
        "kind": kind,
        "given": answer_view(question, verdict.given, lang),
        "expected": None if held else answer_view(question, verdict.expected, lang),
        "expected_value": verdict.expected if kind == "choice" and not held else None,
        "steps": steps,
        "why_wrong": why_wrong,
        "rule": verdict.rule,
    }
