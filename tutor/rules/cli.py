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
from .profiles import game_of

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
        "number_too_long": gettext_noop(
            "A number in this question is too long: the engine reads numbers of at most "
            "%(digits)s digits."
        ),
        "too_deep": gettext_noop(
            "This question nests lists or objects too deeply: at most %(depth)s levels."
        ),
        "bad_text": gettext_noop(
            "This question holds text that is not valid UTF-8 (a lone surrogate or a broken byte)."
        ),
    }
)

# No count, bid or score in these games needs more digits; longer numbers are refused
# before they reach the engine or a number format.
MAX_DIGITS = 15
# Questions nest three or four levels (a trick's entry in a deal); the limit is generous
# and keeps every walk of a payload far from Python's recursion limit.
MAX_DEPTH = 32
# Characters that some readers take for the end of a line: written as \u escapes so
# that one answer always stays on one line of output.
LINE_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}

Handler = Callable[[dict], tuple[dict, list[Step]]]

COMMANDS = ("legal", "score", "auction", "replay")


def handler(command: str, payload: dict) -> Handler:
    """The game's function for ``command``: Chouine's when the profile (a name, a house-rule
    code or ``{"base": …}``) says so; the game checks its options."""
    if game_of(payload.get("profile")) == "chouine":
        if command == "auction":
            raise RulesError("no_auction_in_profile")
        return getattr(chouine_cli, command)
    return getattr(coinche_cli, command)


def ask(command: str, payload: object) -> tuple[dict, list[Step]]:
    """Answers one parsed question; raises :class:`RulesError` for bad input."""
    if not isinstance(payload, dict):
        raise RulesError("not_an_object")
    return handler(command, payload)(payload)


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RulesError("number_too_long", digits=MAX_DIGITS)
    return int(text)


def _check(payload: object) -> None:
    """Refuses nesting deeper than MAX_DEPTH and strings that cannot be written as UTF-8.

    Iterative, so no question can exhaust the stack while it is checked.
    """
    pending = [(payload, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    raise RulesError("bad_text") from None
        elif isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise RulesError("too_deep", depth=MAX_DEPTH)
            items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
            for key, item in items:
                pending.append((key, depth))
                pending.append((item, depth + 1))


def decode(text: str) -> object:
    """One question's JSON text, parsed and checked; raises :class:`RulesError`."""
    try:
        payload = json.loads(text, parse_int=_number)
    except json.JSONDecodeError as err:
        # The decoder's own message is English only; its position reads in any language.
        raise RulesError("bad_json", line=err.lineno, column=err.colno) from err
    except RecursionError:
        raise RulesError("too_deep", depth=MAX_DEPTH) from None
    _check(payload)
    return payload


def _error(code: str, params: dict, lang: str) -> dict:
    return {"error": {"code": code, "text": render(Step(code, params), lang)}}


def answer_line(command: str, text: str, lang: str) -> tuple[dict, bool]:
    """The JSON answer to one question's text, and whether it was a question at all."""
    try:
        try:
            answer, steps = ask(command, decode(text))
            return {**answer, "steps": render_all(steps, lang)}, True
        except RulesError as err:
            return _error(err.code, err.params, lang), False
    except Exception as err:  # noqa: BLE001 - the interface promises JSON, never a traceback
        return _error("internal_error", {"value": type(err).__name__}, lang), False


def _questions(text: str) -> list[str]:
    """One whole JSON document, or one question per non-empty line.

    Only text that is not JSON at all is split: a document that parses but is refused
    (too deep, a number too long) is one question with one error.
    """
    try:
        decode(text)
    except RulesError as err:
        if err.code == "bad_json":
            return [line for line in text.split("\n") if line.strip()]
    return [text]


def dumps(answer: dict) -> str:
    """One answer as one line of JSON, readable UTF-8 but never broken across lines."""
    line = json.dumps(answer, ensure_ascii=False)
    for char, escape in LINE_BREAKS.items():
        line = line.replace(char, escape)
    return line


def _read(stdin: TextIO) -> str:
    """Standard input as text whatever the locale says: undecodable bytes become lone
    surrogates (refused per question by :func:`decode`), so one bad line loses no other."""
    raw = getattr(stdin, "buffer", None)
    if raw is None:
        return stdin.read()
    return raw.read().decode("utf-8", errors="surrogateescape")


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
        stdout.write(dumps({"error": error}) + "\n")
        return 2
    command, lang = parsed
    text = _read(stdin)
    questions = _questions(text) if text.strip() else []
    if not questions:
        error = {"code": "empty_input", "text": render(Step("empty_input"), lang)}
        stdout.write(dumps({"error": error}) + "\n")
        return 2
    status = 0
    for question in questions:
        answer, ok = answer_line(command, question, lang)
        if not ok:
            status = 2
        stdout.write(dumps(answer) + "\n")
    return status
