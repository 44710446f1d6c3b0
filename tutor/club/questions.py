"""The club's thin adapter over tutor.exercises: choosing a session's questions and
showing a question, an answer or an explanation in one viewer's language.

Nothing here decides a rule: posing, checking and explaining are the exercises
package's. What it adds is what a live session needs and a single quiz does
not: a mixed set of questions for a game and its topics, and answers written
out for the distribution of answers and the handout.
"""

import json
import random
from functools import lru_cache

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor import exercises
from tutor.exercises.base import MAX_SEED
from tutor.exercises.present import side_label, table_view, tap_name, tap_view
from tutor.pages.profiles import PROFILES
from tutor.quiz import situations
from tutor.quiz.labels import type_label
from tutor.reports import spots
from tutor.rules.explain import card_name, render_all
from tutor.rules.profiles import fits

GAMES = [("coinche", _("Coinche and Belote")), ("chouine", _("Chouine"))]
TOPICS = {
    "play": _("Which cards may be played"),
    "tricks": pgettext_lazy("tricks as a topic", "Tricks and card points"),
    "declarations": _("Declarations"),
    "scoring": _("Scoring a deal"),
    "auction": _("The auction"),
    "chouine_play": _("Chouine: playing a trick"),
    "chouine_seven": _("Chouine: exchanging the seven of trumps"),
    "chouine_announcements": _("Chouine: announcements"),
    "chouine_scoring": _("Chouine: scoring"),
}
PROFILE_TITLES = {profile["name"]: profile["title"] for profile in PROFILES}
# Colours and shapes of the answer tiles (see atout.css, .tile-0 … .tile-5).
TILES = 6
# A seed whose filters match nothing is redrawn; this bounds the redraws.
MAX_TRIES = 20


def topics_for(game: str) -> list[str]:
    return sorted({qtype.topic for qtype in exercises.types_for(game)})


def profiles_for(game: str) -> list[str]:
    names = {name for qtype in exercises.types_for(game) for name in qtype.profiles}
    return [name for name in PROFILE_TITLES if name in names]


def topic_label(topic: str) -> str:
    return str(TOPICS.get(topic, topic))


def pick(game: str, profile: str, topics: list[str], difficulty: int, count: int) -> list[dict]:
    """``count`` questions drawn in turn from the types of the chosen topics, in random order."""
    rng = random.SystemRandom()
    types = [
        qtype
        for qtype in exercises.types_for(game)
        if fits(profile, qtype.profiles) and (not topics or qtype.topic in topics)
    ]
    rng.shuffle(types)
    questions = []
    for index in range(count):
        qtype = types[index % len(types)]
        for _attempt in range(MAX_TRIES):
            try:
                question = exercises.pose(
                    qtype.name,
                    rng.randrange(MAX_SEED + 1),
                    profile,
                    {"difficulty": difficulty},
                )
            except exercises.ExerciseError:
                continue
            questions.append(question)
            break
    return questions


def present(question: dict, lang: str, reveal: bool = False) -> dict:
    """What a page shows of a question in ``lang``, on the card table; never its answer
    before ``reveal``, which marks the trick's winner on the table."""
    text = exercises.text
    rows = []
    for row in question.get("show", []):
        rows.append(
            {
                "text": text(row["text"], lang) if "text" in row else "",
                "cards": row.get("cards", []),
                "labels": [text(label, lang) for label in row.get("labels", [])],
                "ordered": row.get("ordered", False),
            }
        )
    qtype = exercises.get_type(question["type"])
    data = question["data"]
    table, hand = table_view(question, lang, reveal=reveal)
    taps = tap_view(question, lang)
    return {
        "table": table,
        "table_hand": hand,
        "kind": qtype.answer_kind,
        "prompt": text(question["prompt"], lang),
        "rows": rows,
        # Each choice has a colour and a shape (``tile``), the same on the projector and phones.
        "choices": [
            {"value": choice["value"], "label": text(choice["label"], lang), "tile": index % TILES}
            for index, choice in enumerate(question.get("choices", []))
        ],
        "hand": data.get("hand", []) if qtype.answer_kind == "cards" else [],
        "sides": [{"value": side, "label": _side(side, lang)} for side in data.get("sides", [])],
        # A tap question: the phone's buttons, and the same cards or calls shown on the wall.
        "taps": taps,
        "shown_taps": taps and _shown(taps),
    }


def _shown(taps: dict) -> dict:
    """Tap targets drawn without their buttons."""
    if taps["hand"]:
        return {**taps, "hand": {**taps["hand"], "mode": "static"}}
    return {**taps, "calls": {**taps["calls"], "mode": "static"}}


def _side(side: str, lang: str) -> str:
    return side_label(side, lang)


def rule_name(code: str, qtype: str) -> str:
    """The name of a rule broken, from its reason code; the question type's name for a code
    without one (never a sentence from one deal's explanation)."""
    return str(situations.rule_name(code, str(type_label(qtype))))


def answer_key(given) -> str:
    """One answer as a string, so equal answers group together."""
    return json.dumps(given, sort_keys=True)


def describe(question: dict, given, lang: str) -> dict:
    """An answer written out: ``{"text", "cards"}``, and ``many`` for a tap question's list
    of right taps."""
    kind = exercises.get_type(question["type"]).answer_kind
    if kind == "cards":
        return {"text": ", ".join(card_name(code, lang) for code in given), "cards": list(given)}
    if kind == "tap":
        taps = given if isinstance(given, list) else [given]
        text = ", ".join(tap_name(question, tap, lang) for tap in taps)
        cards = taps if exercises.get_type(question["type"]).tap_field == "card" else []
        return {"text": text, "cards": cards, "many": len(taps) > 1}
    if kind == "choice":
        for choice in question.get("choices", []):
            if choice["value"] == given:
                return {"text": exercises.text(choice["label"], lang), "cards": []}
        return {"text": str(given), "cards": []}
    if kind == "scores":
        parts = [f"{_side(side, lang)}: {points}" for side, points in given.items()]
        return {"text": " · ".join(parts), "cards": []}
    return {"text": str(given), "cards": []}


@lru_cache(maxsize=512)
def _explained(question_json: str, lang: str) -> tuple:
    question = json.loads(question_json)
    solution = exercises.solve(question)
    steps = tuple((step["code"], step["text"]) for step in render_all(solution.steps, lang))
    return describe(question, solution.expected, lang), steps, answer_key(solution.expected)


def expected(question: dict):
    """The engine's answer, as a player's answer is stored."""
    return json.loads(_explained(answer_key(question), "en")[2])


def explain(question: dict, lang: str) -> dict:
    """The engine's answer and steps in ``lang``; cached, as every phone asks at the reveal."""
    expected, coded_steps, _key = _explained(answer_key(question), lang)
    return {
        "expected": expected,
        "steps": [text for _code, text in coded_steps],
        "coded_steps": coded_steps,
    }


def report_spot(question: dict, number: int) -> spots.Spot:
    """What a phone's "Report a problem" carries after the reveal: the question, the engine's
    steps it shows and the question's number; nobody's answer (every phone shows the same)."""
    return spots.exercise(question, exercises.solve(question).steps, step=number, page="club")
