"""A question and its verdict as plain values for a template, every sentence in ``lang``.

The partials in ``templates/exercises/`` read exactly these dicts, so any page
(quiz, lesson, club session) renders a question the same way.
"""

from __future__ import annotations

from .base import Verdict, get_type, text


def question_view(question: dict, lang: str) -> dict:
    """The question's rows, prompt and answer form. When the answer is a choice of cards
    from the hand, the hand is drawn once, as the choices: its row keeps only its text."""
    qtype = get_type(question["type"])
    hand = question["data"].get("hand", [])
    picks = qtype.answer_kind == "cards"
    return {
        "type": qtype.name,
        "kind": qtype.answer_kind,
        "prompt": text(question["prompt"], lang),
        "rows": [
            {
                "text": text(row["text"], lang) if row.get("text") else "",
                "cards": [] if picks and row.get("cards") == hand else row.get("cards", []),
                "labels": [text(label, lang) for label in row.get("labels", [])],
                "ordered": row.get("ordered", False),
            }
            for row in question.get("show", [])
        ],
        "hand": hand,
        "choices": [
            {"value": c["value"], "label": text(c["label"], lang)} for c in question["choices"]
        ],
        "sides": question["data"].get("sides", []),
    }


def answer_view(question: dict, answer: object, lang: str) -> dict:
    """An answer (given or expected) in words: cards, a choice's label or points per side."""
    kind = get_type(question["type"]).answer_kind
    if answer is None:
        return {"kind": kind, "empty": True}
    if kind == "cards":
        return {"kind": kind, "cards": answer}
    if kind == "choice":
        labels = {c["value"]: text(c["label"], lang) for c in question["choices"]}
        return {"kind": kind, "text": labels.get(answer, str(answer))}
    if kind == "number":
        return {"kind": kind, "number": answer}
    return {"kind": kind, "scores": list(answer.items())}


def verdict_view(question: dict, verdict: Verdict, lang: str) -> dict:
    return {
        "correct": verdict.correct,
        "given": answer_view(question, verdict.given, lang),
        "expected": answer_view(question, verdict.expected, lang),
        "steps": [text(step, lang) for step in verdict.steps],
        "why_wrong": [text(step, lang) for step in verdict.why_wrong],
        "rule": verdict.rule,
    }
