"""Hostile requests, drawn by hypothesis: every route of the URL configuration with odd
segments, every form's fields with odd values, bodies Django cannot parse.

Shared by the suite (tests/test_fuzz_http.py, bounded to a few seconds) and by the long
run against a real server (scripts/fuzz.py). Segments may name ``{code}``, ``{key}``,
``{token}``, ``{test}``, ``{deal}``, ``{game}``, ``{sheetdeal}``, ``{player}``, ``{session}``,
``{countrun}``, ``{countitem}``, ``{scorerun}`` or ``{scoreitem}``: the caller replaces them (in
paths, bodies and headers) with a live club session, its teacher key, a score sheet, a
self-test, a played deal, a game, a deal of the score sheet, a phone's token in that club
session, the session cookie of the visitor who made them, and two counting drills of that
visitor with the item each asks (:func:`live_count_runs`), so the fuzz also reaches the pages
behind them.

:data:`NUMERIC_INPUTS` lists every numeric and JSON input of the site (query, form, address
and header), and :func:`numeric_requests` sends them what Python's number and JSON readers
trip on: digits of other scripts, signs, spaces, thousands of digits, deep or huge JSON.
"""

import functools
import re
from urllib.parse import quote, urlencode

from hypothesis import strategies as st

PLACEHOLDERS = (
    "{code}",
    "{key}",
    "{token}",
    "{test}",
    "{deal}",
    "{game}",
    "{sheetdeal}",
    "{player}",
    "{session}",
    "{countrun}",
    "{countitem}",
    "{scorerun}",
    "{scoreitem}",
)
# What ``str.isdigit`` or ``int`` accept and a number of ours is not: digits of other scripts
# (superscripts, circled, Arabic-Indic, full-width, mathematical), signs, spaces of all kinds.
ODD_DIGITS = ["\u00b2", "\u00b9", "\u2460", "\u0663", "\uff11", "\U0001d7d7", "\u0966", "\u07c0"]
SIGNS = ["", "", "+", "-", "\u2212", "--", "+-"]
SPACES = ["", "", " ", "\t", "\n", "\u00a0", "\u2003", "\x0b"]
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
    "\u00b2",
    "1\u00b2",
    "\u0663",
    "\uff11\uff12",
    "+5",
    "1_000",
    " 7",
    "[" * 5000,
    '{"base": "federation", "max_bid": ' + "9" * 5000 + "}",
    "federation~max_bid:\u00b2",
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


# Every numeric and JSON input of the site: (method, path, {field: kind}). ``<n>`` in a path is
# a number of the address itself; kinds: "number", "json" (house rules as JSON), "code" (a
# house-rule code around a number), "chouine-code" (the same for Chouine), "etag" (a phone's
# If-None-Match around three numbers), "session" and "player" (the cookie of the visitor who
# made the live objects, of the club's phone: the request is theirs). A field named "Cookie",
# "If-None-Match" or "Last-Event-ID" is a header; any other kind is the field's value itself.
ANSWER_NUMBERS = {"number": "number", "score_NS": "number", "score_EW": "number"}
NUMERIC_INPUTS = [
    ("GET", "/en/learn/coinche-cards/", {"step": "number"}),
    ("POST", "/en/learn/coinche-tricks/<n>/", ANSWER_NUMBERS),
    ("GET", "/en/quiz/q/trick_points/federation/<n>/", {"difficulty": "number"}),
    ("POST", "/en/quiz/q/trick_points/federation/5/", ANSWER_NUMBERS),
    ("POST", "/en/quiz/q/deal_score/federation/5/", ANSWER_NUMBERS),
    ("GET", "/en/quiz/q/call_legal/maison/", {"difficulty": "number"}),
    ("GET", "/en/quiz/situations/call_legal/", {"difficulty": "number", "profile": "code"}),
    ("GET", "/en/quiz/q/trick_points/<n>/", {"profile": "code"}),
    ("POST", "/en/quiz/review/", {"item": "number", **ANSWER_NUMBERS}),
    ("POST", "/en/quiz/test/", {"difficulty": "number", "length": "number", "minutes": "number"}),
    ("POST", "/en/quiz/test/{test}/", {"position": "number", **ANSWER_NUMBERS}),
    (
        "GET",
        "/en/quiz/calculator/",
        {"points": "number", "tricks_n": "number", "declarations_takers": "number"},
    ),
    ("GET", "/en/quiz/calculator/", {"profile": "code"}),
    ("GET", "/en/quiz/sheet/{token}/", {"edit": "number"}),
    (
        "POST",
        "/en/quiz/sheet/{token}/",
        {"points": "number", "declarations_takers": "number", "double": "number"},
    ),
    ("POST", "/en/quiz/sheet/{token}/deal/<n>/", {"version": "number", "points": "number"}),
    ("POST", "/en/quiz/sheet/{token}/deal/{sheetdeal}/", {"version": "number", "delete": "number"}),
    ("GET", "/en/quiz/sheet/", {"profile": "code"}),
    ("GET", "/en/play/coinche/", {"seed": "number", "profile": "json"}),
    ("POST", "/en/play/coinche/", {"seed": "number", "profile": "json"}),
    ("POST", "/en/play/coinche/", {"profile": "code"}),
    ("POST", "/en/play/chouine/", {"seed": "number"}),
    ("POST", "/en/play/coinche/game/", {"seed": "number", "profile": "json"}),
    ("POST", "/en/play/coinche/{deal}/", {"at": "number", "call": "number"}),
    ("POST", "/en/play/coinche/{deal}/", {"action": "continue", "trick": "number"}),
    ("POST", "/en/play/coinche/game/{game}/next/", {"after": "number"}),
    ("GET", "/en/referee/", {"hand": "AS", "house": "json", "profile": "code"}),
    ("GET", "/en/referee/", {"game": "chouine", "hand": "AS", "stock": "number"}),
    ("GET", "/en/profiles/house/", {"profile": "code"}),
    ("GET", "/en/profiles/house/", {"base": "federation", "max_bid": "number", "target": "number"}),
    ("POST", "/en/profiles/house/use/", {"profile": "code"}),
    ("POST", "/en/profiles/house/save/", {"profile": "code", "name": "x"}),
    (
        "POST",
        "/en/club/",
        {"count": "number", "max_players": "number", "per_network": "number", "profile": "code"},
    ),
    ("POST", "/en/club/", {"seconds": "number", "difficulty": "number"}),
    ("GET", "/en/club/", {"profile": "code"}),
    ("POST", "/en/club/host/{code}/{key}/joining/", {"per_network": "number"}),
    ("POST", "/en/club/host/{code}/{key}/remove-latest/", {"count": "number"}),
    ("POST", "/en/club/host/{code}/{key}/remove/<n>/", {}),
    ("GET", "/en/club/play/{code}/live/", {"If-None-Match": "etag"}),
    ("POST", "/en/club/play/{code}/answer/", {"If-None-Match": "etag", "choice": "number"}),
    ("GET", "/en/club/play/{code}/", {"Cookie": "number"}),
    (
        "GET",
        "/en/club/play/{code}/events/",
        {"Cookie": "player", "v": "number", "Last-Event-ID": "number"},
    ),
    ("GET", "/en/club/host/{code}/{key}/events/", {"v": "number", "Last-Event-ID": "number"}),
    ("GET", "/en/club/screen/{code}/{key}/events/", {"v": "number", "Last-Event-ID": "number"}),
    ("POST", "/en/club/", {"game": "chouine", "count": "3", "profile": "chouine-code"}),
    ("GET", "/en/profiles/house/", {"profile": "chouine-code"}),
    ("GET", "/en/profiles/house/", {"base": "chouine", "quinte": "number"}),
    ("GET", "/en/profiles/house/", {"base": "chouine", "deals_to_win_match": "number"}),
    ("POST", "/en/profiles/house/use/", {"profile": "chouine-code"}),
    ("POST", "/en/play/chouine/", {"profile": "chouine-code", "seed": "number"}),
    ("POST", "/en/play/chouine/", {"profile": "json"}),
    ("GET", "/en/referee/", {"game": "chouine", "hand": "AS", "profile": "chouine-code"}),
    (
        "POST",
        "/en/quiz/count/start/",
        {"drill": "trick", "profile": "code", "level": "number", "mode": "storm"},
    ),
    (
        "POST",
        "/en/quiz/count/start/",
        {"drill": "chouine-deal", "profile": "chouine-code", "level": "1", "mode": "practice"},
    ),
    (
        "POST",
        "/en/quiz/count/run/{countrun}/answer/",
        {"Cookie": "session", "item": "{countitem}", "number": "number"},
    ),
    (
        "POST",
        "/en/quiz/count/run/{scorerun}/answer/",
        {"Cookie": "session", "item": "{scoreitem}", "score_NS": "number", "score_EW": "number"},
    ),
    ("POST", "/en/quiz/goal/", {"kind": "exercises", "amount": "number", "streak": "on"}),
    ("POST", "/en/quiz/goal/", {"Cookie": "session", "kind": "minutes", "amount": "number"}),
    ("POST", "/en/quiz/test/{test}/result/<n>/", {"Cookie": "session", **ANSWER_NUMBERS}),
    ("POST", "/en/report/", {"s": "json", "kind": "wrong", "comment": "x"}),
]


# The fields of NUMERIC_INPUTS sent as headers, and the cookies a request may carry as its own.
HEADERS = ("Cookie", "If-None-Match", "Last-Event-ID")
COOKIES = {"session": "sessionid={session}", "player": "club_{code}={player}"}


def live_count_runs(client) -> dict[str, str]:
    """Two counting drills started by ``client`` (a count, and a deal's scores per side) and
    the item each asks, for the placeholders; ``client`` keeps its session cookie."""
    found = {}
    for name, drill in (("countrun", "trick"), ("scorerun", "score")):
        data = {"drill": drill, "profile": "federation", "level": "1", "mode": "practice"}
        address = client.post("/en/quiz/count/start/", data)["Location"]
        page = client.get(address).content.decode()
        found[name] = address.rstrip("/").split("/")[-1]
        found[name.replace("run", "item")] = re.search(r'name="item" value="([^"]+)"', page).group(
            1
        )
    return found


def odd_numbers() -> st.SearchStrategy[str]:
    """Numbers as no page of ours writes them, and a few as it does."""
    digits = st.one_of(
        st.integers(min_value=0, max_value=10**20).map(str),
        st.sampled_from(["0", "00", "007", "1_000", "1e3", "1.5", "0x1f", "NaN", "Infinity"]),
        st.lists(st.sampled_from(ODD_DIGITS + list("0123456789")), min_size=1, max_size=6).map(
            "".join
        ),
        st.sampled_from([4300, 4301, 5000, 30, 19, 16]).map(lambda n: "9" * n),
    )
    return st.one_of(
        st.builds(
            lambda sign, body, pad: pad + sign + body + pad,
            st.sampled_from(SIGNS),
            digits,
            st.sampled_from(SPACES),
        ),
        st.sampled_from(["", " ", "\u00b2", "-\u00b2", "9" * 5000]),
    )


def odd_json() -> st.SearchStrategy[str]:
    """House rules as JSON no page of ours sends: deep, huge, long numbers, broken text."""

    def house(value: str) -> str:
        return '{"base": "federation", "max_bid": ' + value + "}"

    depth = st.sampled_from([2, 33, 1000, 100_000])
    return st.one_of(
        depth.map(lambda n: "[" * n + "]" * n),
        depth.map(lambda n: '{"a":' * n + "1" + "}" * n),
        odd_numbers().map(house),
        st.sampled_from(["1e400", "-1e400", "NaN", "Infinity", "1" * 5000, "180.0", "true"]).map(
            house
        ),
        st.sampled_from(
            [
                "{",
                "{}",
                "[]",
                "null",
                '"federation"',
                '{"base": "\\ud800"}',
                '{"base": "federation", "trumps": ["S", "H", "D", "C", "SA", "TA"]}',
                '{"base": "federation", "' + "x" * 5000 + '": 1}',
                "{" + " " * 5000 + "}",
            ]
        ),
    )


@st.composite
def numeric_requests(draw):
    """One request to a numeric or JSON input: ``(method, path, headers, body)``."""
    method, path, fields = draw(st.sampled_from(NUMERIC_INPUTS))
    while "<n>" in path:
        path = path.replace("<n>", quote(draw(odd_numbers()), safe=""), 1)
    headers: dict[str, str] = {}
    data = []
    for name, kind in fields.items():
        if kind == "number":
            value = draw(odd_numbers())
        elif kind == "json":
            value = draw(odd_json())
        elif kind == "code":
            value = "federation~max_bid:" + draw(odd_numbers())
        elif kind == "chouine-code":
            option = draw(st.sampled_from(["quinte", "deals_to_win_match"]))
            value = f"chouine~{option}:" + draw(odd_numbers())
        elif kind == "etag":
            numbers = [draw(odd_numbers()) for _n in range(3)]
            value = '"p{}.{}.{}.en"'.format(*numbers)
            # A phone of the session sends it, so it reaches the 304 shortcut and the views.
            headers["Cookie"] = "club_{code}={player}"
        else:
            value = kind
        if name == "Cookie":
            value = COOKIES.get(kind) or (
                f'sessionid="{draw(odd_numbers())}\\000x"; deck={draw(odd_numbers())}'
            )
        if name in HEADERS:
            # A header holds latin-1 text only, what else it carries sent as UTF-8 bytes; and
            # no line break, which would end it on the wire.
            value = value.replace("\r", " ").replace("\n", " ")
            headers[name] = value.encode("utf-8", "surrogatepass").decode("latin-1")
        else:
            data.append((name, value))
    body = b""
    if method == "GET":
        path += "?" + urlencode(data) if data else ""
    else:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        body = urlencode(data, encoding="utf-8", errors="surrogatepass").encode()
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
    # House-rule codes around numbers no code of ours writes ("max_bid:²").
    codes = st.tuples(
        st.sampled_from(examples),
        st.sampled_from(["max_bid", "min_bid", "target", "trumps", "tie_made"]),
        odd_numbers(),
    ).map(lambda t: json.dumps({**t[0], "profile": f"federation~{t[1]}:{t[2]}"}).encode())
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
    return st.one_of(changed, changed, codes, lines, hostile, raw)
