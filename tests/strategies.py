"""Hostile requests, drawn by hypothesis: every route of the URL configuration with odd
segments, every form's fields with odd values, bodies Django cannot parse.

Shared by the suite (tests/test_fuzz_http.py, bounded to a few seconds) and by the long
run against a real server (scripts/fuzz.py). Segments may name ``{code}``, ``{key}``,
``{token}`` or ``{test}``: the caller replaces them with a live club session, its teacher
key, a score sheet and a self-test, so the fuzz also reaches the pages behind them.
"""

import functools
import re
from urllib.parse import quote, urlencode

from hypothesis import strategies as st

PLACEHOLDERS = ("{code}", "{key}", "{token}", "{test}")
HOSTILE = [
    "\x00",
    "a\x00b",
    "\r\nSet-Cookie: x=1",
    "\t",
    "%",
    "%00",
    "..",
    "../../etc/passwd",
    "-1",
    "0",
    "1.5",
    "1e999",
    "NaN",
    " ",
    "\u202e",
    "\ufeff",
    "ａｌｉｃｅ",
    "\u0430lice",
    "a" + "\u0301" * 19,
    "A" * 300,
    "9" * 26,
    "-" + "9" * 60,
    "9" * 5000,
    "<script>alert(1)</script>",
    "{{7*7}}",
    "'; DROP TABLE x; --",
    "=HYPERLINK(1)",
    "//evil.example",
    "javascript:alert(1)",
]


@functools.cache
def known_values() -> list[str]:
    """Values the site itself uses, so draws also pass validation and reach deeper code."""
    from django.conf import settings

    from tutor import exercises

    values = [code for code, _name in settings.LANGUAGES]
    values += list(exercises.TYPES) + list(exercises.CURATED)
    for qtype in exercises.TYPES.values():
        values += list(qtype.profiles)
    values += ["coinche", "chouine", "belote", "federation", "official", "maison", "42", "1", "2"]
    values += ["N", "E", "S", "W", "NS", "EW", "H", "S", "D", "C", "AS", "JH", "80", "pass"]
    values += ["chouine-cards", "coinche-tricks", "start", "reveal", "next", "all"]
    return sorted(set(values))


@functools.cache
def parameter_values() -> dict[str, list[str]]:
    """Good values for each route parameter, by its name."""
    from tutor import exercises
    from tutor.lessons.path import COURSES, LESSONS

    profiles = sorted({p for qtype in exercises.TYPES.values() for p in qtype.profiles})
    return {
        "type_name": sorted(exercises.TYPES),
        "profile": profiles,
        "seed": ["0", "1", "42", "4294967295", "4294967296"],
        "slug": sorted(LESSONS) + sorted(exercises.CURATED),
        "number": ["1", "2", "3", "99"],
        "game": sorted(COURSES),
        "code": ["{code}"],
        "key": ["{key}"],
        "token": ["{token}"],
        "test_id": ["{test}"],
        "action": ["start", "reveal", "next"],
    }


# Which fields a route's views read, by a piece of the route: most draws of a body use
# them, so the fuzz gets past "unknown field" and into the views' own checks.
ANSWERS = ["number", "choice", "card", "score_NS", "score_EW", "score_A", "score_B", "profile"]
ROUTE_FIELDS = {
    "language/": ["language", "next"],
    "deck/": ["deck", "next"],
    "review/": ["item", *ANSWERS],
    "q/": ANSWERS,
    "example/": ANSWERS,
    "<number>/": ANSWERS,
    "test/": ["position", "game", "profile", "difficulty", "length", "topics", *ANSWERS],
    "club/join/": ["code", "nickname", "lang"],
    "club/": ["game", "profile", "topics", "count", "difficulty", "seconds"],
    "play/": ["choice", "card", "number", "score_NS", "score_EW", "score_A", "score_B"],
    "login/": ["username", "password", "next"],
    "signup/": ["username", "password1", "password2"],
}


def route_fields(route: str, fields: dict[str, list[str]]) -> list[str]:
    found = [name for piece, names in ROUTE_FIELDS.items() if piece in route for name in names]
    for piece in ("sheet/", "calculator/"):
        if piece in route:
            found += [name for name in fields if name not in sum(ROUTE_FIELDS.values(), [])]
    return sorted(set(found)) or sorted(fields)


@functools.cache
def routes() -> list[str]:
    """Every route of the URL configuration, its parameters written ``<name>``."""
    from django.urls import URLResolver, get_resolver

    found = []

    def walk(patterns, prefix):
        for pattern in patterns:
            text = str(pattern.pattern)
            # A regex route: named groups become parameters, anchors go.
            text = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", text).strip("^$")
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + text)
            else:
                found.append(prefix + text)

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


@functools.cache
def form_fields() -> dict[str, list[str]]:
    """Each field name any form of ours reads, with the values its choices allow."""
    from django import forms
    from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

    import tutor.club.forms
    import tutor.quiz.calculator
    import tutor.quiz.forms  # noqa: F401 - imported so their forms are subclasses below

    fields: dict[str, list[str]] = {}
    classes = [AuthenticationForm, UserCreationForm]
    pending = list(forms.Form.__subclasses__())
    while pending:
        form_class = pending.pop()
        pending += form_class.__subclasses__()
        if form_class.__module__.startswith("tutor."):
            classes.append(form_class)
    for form_class in classes:
        try:
            declared = form_class().fields
        except TypeError:
            declared = form_class.base_fields
        for name, field in declared.items():
            choices = []
            for value, label in getattr(field, "choices", []) or []:
                if isinstance(label, (list, tuple)):
                    choices += [str(inner) for inner, _label in label]
                else:
                    choices.append(str(value))
            fields.setdefault(name, []).extend(choices)
    # What the views read besides their forms: answers, the review item, the switches.
    for name in ("number", "choice", "card", "score_NS", "score_EW", "score_A", "score_B"):
        fields.setdefault(name, [])
    for name in ("item", "next", "language", "deck", "position", "all", "situation"):
        fields.setdefault(name, [])
    return fields


def segments(known: list[str], good: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(good or known),
        st.sampled_from(good or known),
        st.sampled_from(known + list(PLACEHOLDERS)),
        st.sampled_from(HOSTILE),
        st.text(max_size=10),
        st.from_regex(r"[A-Z2-9]{8}", fullmatch=True),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
    )


def values(known: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(known + list(PLACEHOLDERS)),
        st.sampled_from(HOSTILE),
        st.text(max_size=3),
        st.text(max_size=20),
        st.integers(min_value=-(10**40), max_value=10**40).map(str),
    )


@st.composite
def requests(draw, routes: list[str], fields: dict[str, list[str]], known: list[str]):
    """One request: ``(method, path, headers, body)``, the path and body already encoded."""
    route = draw(st.sampled_from(routes))
    good = parameter_values()

    def segment(match: re.Match) -> str:
        return quote(draw(segments(known, good.get(match.group(1), []))), safe="{}")

    path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", segment, route)
    names = st.sampled_from(route_fields(route, fields)) | st.sampled_from(sorted(fields))
    query = draw(st.lists(st.tuples(names, values(known)), max_size=3))
    if query:
        path += "?" + urlencode(query)
    method = draw(st.sampled_from(["GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE"]))
    headers = {}
    body = b""
    if method in ("POST", "PUT"):
        kind = draw(st.sampled_from(["form", "form", "form", "multipart", "charset", "raw"]))
        data = draw(
            st.lists(
                st.tuples(names, values(known))
                | names.flatmap(
                    lambda name: st.tuples(st.just(name), st.sampled_from(fields[name] or [""]))
                ),
                max_size=8,
            )
        )
        if kind == "form":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urlencode(data).encode()
        elif kind == "charset":
            charset = draw(st.sampled_from(["latin-1", "utf-16", "x-unknown", "utf-8"]))
            headers["Content-Type"] = f"application/x-www-form-urlencoded; charset={charset}"
            body = urlencode(data).encode()
        elif kind == "multipart":
            boundary = draw(st.sampled_from(["", "; boundary=b", "; boundary="]))
            headers["Content-Type"] = "multipart/form-data" + boundary
            body = draw(st.sampled_from([b"x", b"--b\r\n", b"--b\r\nContent-Disposition: x\r\n"]))
        else:
            headers["Content-Type"] = draw(st.sampled_from(["application/json", "text/plain"]))
            body = draw(st.binary(max_size=40))
    if draw(st.booleans()):
        headers["HX-Request"] = "true"
    return method, path, headers, body


def fill(text: str, live: dict[str, str]) -> str:
    """Replaces the placeholders with the live objects' values (in paths and bodies)."""
    for name, value in live.items():
        text = text.replace(quote("{" + name + "}", safe=""), value).replace(
            "{" + name + "}", value
        )
    return text


# The command line: JSON questions (a good one with fields replaced), raw text, raw bytes.
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True)
    | st.text(st.characters(codec="utf-8"), max_size=6)
    | st.sampled_from(["H", "S", "N", "AS", "JH", "80", "pass", "coinche", "federation"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
CLI_FIELDS = [
    "profile",
    "trump",
    "hand",
    "seat",
    "trick",
    "contract",
    "card_points",
    "tricks",
    "last_trick",
    "declarations",
    "belote",
    "deposit",
    "dealer",
    "calls",
    "hands",
    "plays",
]


def cli_inputs(examples: list[dict]) -> st.SearchStrategy[bytes]:
    """Standard input for the command line, as bytes: what a hostile caller can pipe in."""
    import json

    changed = st.tuples(
        st.sampled_from(examples),
        st.dictionaries(st.sampled_from(CLI_FIELDS), JSON, max_size=3),
    ).map(lambda pair: json.dumps({**pair[0], **pair[1]}).encode())
    lines = st.lists(changed, min_size=2, max_size=4).map(b"\n".join)
    hostile = st.sampled_from(
        [
            b"[" * 5000 + b"]" * 5000,
            b"9" * 5000,
            b'{"trump": "\\ud800", "hand": ["AS"], "seat": "N"}',
            b'{"seat": "\xff"}',
            b'{"hand": ["\xe2\x80\xa8AS"]}',
            b"\x00",
            b"",
            b"\n\n",
        ]
    )
    raw = st.binary(max_size=60) | st.text(max_size=60).map(str.encode)
    return st.one_of(changed, changed, lines, hostile, raw)
