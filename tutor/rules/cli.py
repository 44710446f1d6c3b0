"""The command line: one JSON question in, one JSON answer out (see CLI.md).

    python -m tutor.rules legal|score|auction|replay [--lang pt|es|ro|fr|en]

Standard input holds one JSON object, or JSON Lines (one question a line);
each question gets one line of answer, in order. Every handler returns
``(answer, steps)``, so Coinche and Chouine questions go down one path. Input
that is not a question gets ``{"error": {"code", "text"}}`` and exit status 2.

>>> import io
>>> out = io.StringIO()
>>> question = '{"dealer": "N", "calls": ["pass", "pass", "pass", "pass"]}'
>>> main(["auction"], io.StringIO(question), out)
0
>>> json.loads(out.getvalue())["contract"] is None
True
>>> out = io.StringIO()
>>> main(["legal"], io.StringIO('{"trump": "H", "hand": ["ZZ"], "seat": "E"}'), out)
2
>>> json.loads(out.getvalue())["error"]["code"]
'bad_card'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TextIO

from .chouine import cli as chouine_cli
from .coinche import cli as coinche_cli
from .errors import RulesError
from .explain import LANGUAGES, Step, gettext_noop, messages, render, render_all

messages(
    {
        "bad_json": gettext_noop(
            "This is not valid JSON: the error is at line %(line)s, column %(column)s."
        ),
        "empty_input": gettext_noop("No question was given on standard input."),
        "bad_command": gettext_noop(
            "Usage: python -m tutor.rules legal|score|auction|replay [--lang pt|es|ro|fr|en]."
        ),
        "no_auction_in_profile": gettext_noop("Chouine has no auction."),
        "internal_error": gettext_noop(
            "The engine could not answer this question (%(value)s); please report it."
        ),
    }
)

Handler = Callable[[dict], tuple[dict, list[Step]]]

COMMANDS = ("legal", "score", "auction", "replay")


def handler(command: str, payload: dict) -> Handler:
    """The game's function for ``command``: Chouine's when the profile says so."""
    if payload.get("profile") == "chouine":
        if command == "auction":
            raise RulesError("no_auction_in_profile")
        return getattr(chouine_cli, command)
    return getattr(coinche_cli, command)


def ask(command: str, payload: object) -> tuple[dict, list[Step]]:
    """Answers one parsed question; raises :class:`RulesError` for bad input."""
    if not isinstance(payload, dict):
        raise RulesError("not_an_object")
    return handler(command, payload)(payload)


def answer_line(command: str, text: str, lang: str) -> tuple[dict, bool]:
    """The JSON answer to one question's text, and whether it was a question at all."""
    try:
        try:
            payload = json.loads(text)
        except json.JSONDecodeError as err:
            # The decoder's own message is English only; its position reads in any language.
            raise RulesError("bad_json", line=err.lineno, column=err.colno) from err
        answer, steps = ask(command, payload)
    except RulesError as err:
        step = Step(err.code, err.params)
        return {"error": {"code": err.code, "text": render(step, lang)}}, False
    except Exception as err:  # noqa: BLE001 - the interface promises JSON, never a traceback
        step = Step("internal_error", {"value": type(err).__name__})
        return {"error": {"code": "internal_error", "text": render(step, lang)}}, False
    return {**answer, "steps": render_all(steps, lang)}, True


def _questions(text: str) -> list[str]:
    """One whole JSON document, or one question per non-empty line."""
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return [line for line in text.splitlines() if line.strip()]
    return [text]


def _parse_args(argv: list[str]) -> tuple[str, str] | None:
    if not argv or argv[0] not in COMMANDS:
        return None
    command, rest, lang = argv[0], argv[1:], "en"
    while rest:
        option = rest.pop(0)
        if option.startswith("--lang="):
            lang = option.split("=", 1)[1]
        elif option == "--lang" and rest:
            lang = rest.pop(0)
        else:
            return None
    return (command, lang) if lang in LANGUAGES else None


def main(
    argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Runs the command line; returns the exit status (2 when any input was bad)."""
    argv = sys.argv[1:] if argv is None else argv
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    parsed = _parse_args(argv)
    if parsed is None:
        error = {"code": "bad_command", "text": render(Step("bad_command"))}
        stdout.write(json.dumps({"error": error}, ensure_ascii=False) + "\n")
        return 2
    command, lang = parsed
    text = stdin.read()
    questions = _questions(text) if text.strip() else []
    if not questions:
        error = {"code": "empty_input", "text": render(Step("empty_input"), lang)}
        stdout.write(json.dumps({"error": error}, ensure_ascii=False) + "\n")
        return 2
    status = 0
    for question in questions:
        answer, ok = answer_line(command, question, lang)
        if not ok:
            status = 2
        stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return status
