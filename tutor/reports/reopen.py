"""A report shown again to a maintainer: its sentences rendered now beside those it stored,
and its position rebuilt by the engine, in the report's language, under its rules.

Only a report whose spot the site signed (``Report.verified``) gets here past its sentences
as stored: its position is the site's own, so the engine may be asked about it again. Each
kind of spot (spots.py) is rebuilt the way its page built it, by the same functions: the
exercise by ``exercises.check`` and ``present``, a played deal by its table replayed from the
moves, the referee's and the calculator's questions by the engine's JSON interface.
"""

from __future__ import annotations

import copy
import json

from django.urls import reverse
from django.utils.http import urlencode

from tutor import exercises
from tutor import table as card_table
from tutor.exercises.present import question_view, verdict_view
from tutor.lessons.examples import step_view
from tutor.lessons.path import LESSONS
from tutor.play import views as play_views
from tutor.play.models import TableDeal
from tutor.rules.cli import ask
from tutor.rules.errors import RulesError
from tutor.rules.explain import render

from . import signed
from .models import Report


def sentences(report: Report) -> list[dict]:
    """Each stored sentence beside the same step rendered now in the report's language: the
    code, the catalog entries (the sentence's own first) and whether the words changed."""
    data = signed.read(report.spot) if report.verified else None
    now = signed.sentences(data) if data else []
    rows = []
    for index, stored in enumerate(report.sentences):
        msgids = stored.get("msgids") or []
        again = now[index]["text"] if index < len(now) else ""
        rows.append(
            {
                "number": index + 1,
                "code": stored.get("code", ""),
                "msgid": msgids[0] if msgids else None,
                "words": msgids[1:],
                "shown": stored.get("text", ""),
                "now": again,
                "same": again == stored.get("text", ""),
            }
        )
    return rows


def json_text(position: object) -> str:
    return json.dumps(position, indent=2, ensure_ascii=False)


def rebuild(report: Report, lang: str) -> dict:
    """The position drawn again (a ``table``, a ``question`` with its ``verdict``, ``lines``
    said about it), the site's own address for it (``url``), and its engine JSON."""
    position = report.position if report.verified else None
    if not isinstance(position, dict):
        return {}
    shown = {"json": json_text(position)}
    try:
        shown.update(BUILDERS[report.spot_kind](position, report, lang))
    except (RulesError, exercises.ExerciseError, KeyError, TypeError, ValueError) as error:
        # A position an older version of the site signed may no longer be one.
        shown["error"] = f"{type(error).__name__}: {error}"
    return shown


def _exercise(position: dict, report: Report, lang: str) -> dict:
    question = copy.deepcopy(position["question"])
    exercises.finish(exercises.get_type(question["type"]), question)
    given = position.get("given")
    found: dict = {}
    if given is None:
        found["question"] = question_view(question, lang)
        found["lines"] = [render(step, lang) for step in exercises.solve(question).steps]
    else:
        verdict = exercises.check(question, given)
        found["question"] = question_view(question, lang, given, verdict)
        found["verdict"] = {**verdict_view(question, verdict, lang), "report": None}
    # A generated question has an address of its own: the same type, rules, seed and level.
    params = question.get("params") or {}
    posed = exercises.pose(question["type"], question["seed"], question["profile"], params)
    if posed["data"] == question["data"]:
        url = reverse("quiz_question", args=[question["type"], question["profile"], posed["seed"]])
        # Level 1 is the address's default: the same question as the learner's own address.
        query = {key: params[key] for key in ("difficulty", "situation") if params.get(key)}
        if query.get("difficulty") == 1:
            del query["difficulty"]
        found["url"] = f"{url}?{urlencode(query)}" if query else url
    return found


def _example(position: dict, report: Report, lang: str) -> dict:
    lesson = LESSONS[position["lesson"]]
    view = step_view(lesson.example, position["profile"], lang, position["step"])
    query = urlencode({"profile": position["profile"], "step": position["step"]})
    lines = list(view["lines"])
    if view["rule"]:
        lines.append(f"{view['rule']['label']} {view['rule']['text']}")
    return {
        "question": view["position"],
        "lines": lines,
        "url": f"{reverse('lesson', args=[lesson.slug])}?{query}#example",
    }


def play_record(position: dict, **owner):
    """An unsaved ``TableDeal`` at the spot's move: what the page was drawn from (``owner``:
    whose deal it becomes once saved)."""
    replay = position["replay"]
    return TableDeal(
        game=position["game"],
        seed=position["seed"],
        dealer=position["dealer"],
        profile=replay["profile"] if position["game"] == "coinche" else "chouine",
        seats=position["seats"],
        moves=position["moves"],
        seen=position["seen"],
        **owner,
    )


def _play(position: dict, report: Report, lang: str) -> dict:
    record = play_record(position)
    table = play_views.GAMES[record.game](record)
    view = table.context(lang)
    found = {"table": view["table"], "lines": list(view.get("news", []))}
    move = position.get("move")
    if move:
        # The refused move, asked of the engine again on a copy of the table.
        again = play_views.GAMES[record.game](play_record(position))
        try:
            again.move(move["action"], _move_value(move))
        except RulesError as error:
            found["lines"].insert(0, render(play_views.refusal_step(again, error), lang))
    if view.get("score"):
        found["lines"] += view["score"]["steps"]
    share = {"seed": record.seed, "dealer": record.dealer}
    if record.game == "coinche":
        spec = record.profile
        share["profile"] = spec if isinstance(spec, str) else json.dumps(spec)
    found["url"] = f"{reverse('play_lobby', args=[record.game])}?{urlencode(share)}"
    found["command"] = "replay"
    found["payload"] = json.dumps(position["replay"], ensure_ascii=False)
    found["can_open"] = True
    return found


def _table(position: dict, report: Report, lang: str) -> dict:
    """A move refused at a table of players: the deal read from the database, at the number
    of moves the refusal was made after, replayed as the player's page drew it."""
    record = TableDeal.objects.filter(pk=position["deal"], game=position["game"]).first()
    if record is None:
        raise KeyError(f"table deal {position['deal']} is no longer in the database")
    moves = record.moves[: position["moves"]]
    table = play_views.GAMES[record.game](
        TableDeal(
            game=record.game,
            seed=record.seed,
            dealer=record.dealer,
            profile=record.profile,
            seats=position["seat"],
            moves=moves,
            seen=32,
        )
    )
    found = _play(
        {
            "game": record.game,
            "seed": record.seed,
            "dealer": record.dealer,
            "seats": position["seat"],
            "moves": moves,
            "seen": 32,
            "replay": table.replay_payload(),
            "move": position.get("move"),
        },
        report,
        lang,
    )
    # Opening it as a deal of one's own works from the deal's own position, not this one.
    found["can_open"] = False
    return found


def _move_value(move: dict) -> object:
    """A move's value as the play view reads it from its form (announcements as a pair)."""
    value = move["value"]
    if move["action"] == "announce" and isinstance(value, list):
        return tuple(value)
    return value


def _legal(position: dict, report: Report, lang: str) -> dict:
    result, steps = ask("legal", position)
    found = {"lines": [render(step, lang) for step in steps], "command": "legal"}
    hand = position.get("hand", [])
    if position.get("profile") == "chouine":
        trick = [entry["card"] for entry in position.get("trick", [])]
        leader = position["trick"][0]["player"] if trick else position.get("player", "A")
        found["table"] = card_table.chouine_table(
            lang,
            trump=position["trump"],
            stock=position.get("stock", 0),
            leader=leader,
            trick=trick,
            bottom=position.get("player", "A"),
        )
        game = "chouine"
    else:
        trick = [entry["card"] for entry in position.get("trick", [])]
        leader = position["trick"][0]["seat"] if trick else position["seat"]
        found["table"] = card_table.coinche_table(
            lang,
            trump=position["trump"],
            leader=leader,
            trick=trick,
            bottom=position["seat"],
            contract=None,
        )
        game = "coinche"
    trump = position["trump"] if position["trump"] != "SA" else None
    found["hand"] = card_table.hand_view(
        hand,
        lang,
        trump=trump,
        game=game,
        verdict={code: "allowed" if code in result["legal"] else "refused" for code in hand},
        sort=False,
    )
    found["payload"] = json.dumps(position, ensure_ascii=False)
    found["url"] = report.path if report.path.startswith("/") else ""
    return found


def _score(position: dict, report: Report, lang: str) -> dict:
    result, steps = ask("score", position)
    return {
        "lines": [render(step, lang) for step in steps],
        "scores": result.get("scores"),
        "command": "score",
        "payload": json.dumps(position, ensure_ascii=False),
        "url": report.path if report.path.startswith("/") else "",
    }


def _sheet(position: dict, report: Report, lang: str) -> dict:
    deals = []
    for number, deal in enumerate(position["deals"], 1):
        result, _steps = ask("score", {**deal, "profile": position["profile"]})
        deals.append({"number": number, "scores": result["scores"]})
    return {"deals": deals, "command": "score"}


BUILDERS = {
    "exercise": _exercise,
    "example": _example,
    "play": _play,
    "table": _table,
    "legal": _legal,
    "score": _score,
    "sheet": _sheet,
}
