"""The caches behind the pages (docs/speed.md): what they serve is what a fresh rendering
gives, for every page type, language and rule profile; a learner's own marks stay theirs;
new catalogs are read after a restart; every cache stays within its bounds."""

import re
import shutil
from urllib.parse import urlencode

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import get_resolver, reverse

from tutor import caching, exercises
from tutor.memo import LRU, freeze, kept
from tutor.play import SENTENCES, sentence
from tutor.play.coinche import CoincheTable, first_dealer
from tutor.play.models import TableDeal
from tutor.rules.cards import card_code
from tutor.rules.explain import Step, render

pytestmark = pytest.mark.django_db

HOUSE = "federation~max_bid:180~tie_made:1"
PROFILES = ("federation", HOUSE)
LANGS = ("en", "fr")
TOKEN = re.compile(r"\b[A-Za-z0-9]{64}\b")
HX = {"HX-Request": "true"}
REFEREE = {"game": "coinche", "trump": "H", "leader": "W", "t1": "KS", "t2": "AS", "t3": "JH"}
CALCULATOR = {
    "game": "coinche",
    "seat": "S",
    "bid": "90",
    "trump": "H",
    "double": "1",
    "points_ns": "102",
    "points_ew": "60",
    "last_trick": "NS",
    "tricks_n": "3",
    "tricks_e": "1",
    "tricks_s": "2",
    "tricks_w": "2",
    "declarations_ns": "0",
    "declarations_ew": "0",
    "belote_ns": "20",
    "belote_ew": "0",
}


def _practice(profile: str) -> tuple[str, dict, dict]:
    """A legal-cards question under ``profile``: its address, a right and a wrong answer."""
    for seed in range(1, 100):
        try:
            posed = exercises.pose("legal_cards", seed, profile, {})
        except exercises.ExerciseError:
            continue
        right = exercises.solve(posed).expected
        wrong = [code for code in posed["data"]["hand"] if code not in right]
        if wrong:
            url = reverse("quiz_question", args=["legal_cards", profile, seed])
            return url, {"card": right}, {"card": wrong[:1]}
    raise AssertionError("no question")


def _deal(profile: str) -> tuple[str, dict]:
    """A new deal under ``profile`` where South is to play a card in the second trick."""
    for seed in range(1, 300):
        record = TableDeal(game="coinche", seed=seed, dealer=first_dealer(seed), seats="S")
        record.profile = profile
        table = CoincheTable(record)
        table.advance()
        for _ in range(60):
            deal = table.deal
            if deal.phase in ("redeal", "done"):
                break
            if table.waiting():
                record.seen = len(deal.tricks)
                table = CoincheTable(record)
            elif deal.phase == "auction" and table.learner(deal.to_move):
                table.move("call", "pass")
            elif deal.phase == "play" and table.learner(deal.to_move):
                card = card_code(deal.legal().legal[0])
                if deal.tricks:
                    record.save()
                    url = reverse("play_deal", args=["coinche", record.token])
                    return url, {"card": card, "at": str(len(record.moves))}
                table.move("play", card)
            table.advance()
    raise AssertionError("no deal reached the play")


def _path(url: str) -> str:
    """An address without its language prefix (reverse() names the thread's language)."""
    return "/" + url.lstrip("/").partition("/")[2]


def _get(path, query=None, headers=None):
    def request(client, lang, profile):
        full = f"/{lang}{path}"
        values = {
            key: (profile if value is PROFILE else value) for key, value in (query or {}).items()
        }
        return client.get(f"{full}?{urlencode(values)}" if values else full, headers=headers)

    return request


PROFILE = object()  # stands for the profile of the case in a query


def _lesson(client, lang, profile):
    return client.get(f"/{lang}/learn/coinche-table/?profile={profile}")


def _practice_get(client, lang, profile):
    return client.get(f"/{lang}{_path(_practice(profile)[0])}")


def _practice_post(answer):
    def request(client, lang, profile):
        url, right, wrong = _practice(profile)
        return client.post(f"/{lang}{_path(url)}", right if answer else wrong, headers=HX)

    return request


def _calculator_post(client, lang, profile):
    # The calculator's form is sent by GET, so that a result can be shared.
    query = urlencode({**CALCULATOR, "profile": profile})
    return client.get(f"/{lang}/quiz/calculator/?{query}", headers=HX)


def _move(client, lang, profile):
    url, move = _deal(profile)
    return client.post(f"/{lang}{_path(url)}", move, headers=HX)


PAGES = {
    "home": _get("/"),
    "lesson": _lesson,
    "practice GET": _practice_get,
    "practice POST right": _practice_post(True),
    "practice POST wrong": _practice_post(False),
    "calculator GET": _get("/quiz/calculator/", {"profile": PROFILE}),
    "calculator POST": _calculator_post,
    "referee": _get(
        "/referee/", {**REFEREE, "hand": "7S QS 9H AH 8D TD 7C KC", "profile": PROFILE}
    ),
    "play lobby": _get("/play/coinche/", {"profile": PROFILE}),
    "play move": _move,
    "glossary": _get("/glossary/"),
    "profiles": _get("/profiles/"),
}


# The pages a first visit is served from a kept rendering (a lesson asked under a profile
# remembers it in a new session, so it is rendered for that visitor).
SHARED = {
    "home",
    "practice GET",
    "calculator GET",
    "calculator POST",
    "referee",
    "play lobby",
    "glossary",
    "profiles",
}


def _visitor(kind: str) -> Client:
    """A first visit (no cookie at all) or a visitor with a session of their own."""
    client = Client()
    if kind == "session":
        session = client.session
        session["seen"] = True
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client


def _html(response) -> str:
    assert response.status_code == 200, response.content[:500]
    text = response.content.decode()
    # Fresh CSRF tokens and deal addresses differ between any two responses.
    text = TOKEN.sub("TOKEN", text)
    return re.sub(r"/play/coinche/[\w-]{16}/", "/play/coinche/DEAL/", text)


@pytest.mark.parametrize("visitor", ["first visit", "session"])
@pytest.mark.parametrize("name", PAGES)
def test_a_page_from_the_caches_is_the_page_rendered_afresh(name, visitor, monkeypatch):
    request = PAGES[name]
    cases = [(lang, profile) for lang in LANGS for profile in PROFILES]
    fresh = {}
    with monkeypatch.context() as nothing_kept:
        # A fresh rendering: no cache ever answers, not even within the request.
        nothing_kept.setattr(LRU, "get", lambda self, key, default=None: default)
        for case in cases:
            fresh[case] = _html(request(_visitor(visitor), *case))
    assert fresh["en", "federation"] != fresh["fr", "federation"]
    caching.restart()
    for _round in range(2):
        for case in cases:
            assert _html(request(_visitor(visitor), *case)) == fresh[case], case
    if visitor == "first visit" and name in SHARED:
        # The second round came from one rendering per address and language.
        assert len(caching.PAGES) == len({_html(request(Client(), *case)) for case in cases})


def test_a_first_visit_is_served_from_one_rendering_with_its_own_csrf_token():
    caching.restart()
    first = Client().get("/fr/learn/coinche-table/")
    second = Client().get("/fr/learn/coinche-table/")
    assert len(caching.PAGES) == 1
    tokens = {TOKEN.findall(r.content.decode())[0] for r in (first, second)}
    assert len(tokens) == 2  # each visitor's own, written into the same page
    assert "csrftoken" in second.cookies
    # The token written in works: the language switch posts with it.
    client = Client(enforce_csrf_checks=True)
    page = client.get("/fr/glossary/").content.decode()
    token = TOKEN.findall(page)[0]
    switched = client.post(
        "/language/", {"language": "ro", "next": "/fr/glossary/"}, headers={"X-CSRFToken": token}
    )
    assert switched.status_code == 302 and switched["Location"] == "/ro/glossary/"


def test_the_deck_and_htmx_requests_are_pages_of_their_own():
    caching.restart()
    two = Client().get("/en/glossary/").content.decode()
    four_client = Client()
    four_client.cookies["deck"] = "4"
    four = four_client.get("/en/glossary/").content.decode()
    assert 'class="deck-4"' in four and 'class="deck-4"' not in two
    step = Client().get(
        "/en/learn/coinche-table/?step=1",
        headers={"HX-Request": "true", "HX-Target": "example-stage"},
    )
    assert step.content.decode().lstrip().startswith('<div class="example-stage"')


def _solve_first_exercise(client):
    return client.post(
        "/en/learn/chouine-cards/1/",
        {"profile": "chouine", "choice": "B"},
        headers=HX,
    )


def _marks(page: str) -> list[str]:
    return re.findall(r'data-solved|data-stars="[12]"', page)


def test_a_learners_marks_and_stars_never_reach_another_learner():
    caching.restart()
    lesson = "/en/learn/chouine-cards/"
    anonymous = Client().get(lesson).content.decode()  # kept for visitors without a session
    alice = Client()
    assert "Right!" in _solve_first_exercise(alice).content.decode()
    alices = alice.get(lesson).content.decode()
    assert _marks(alices) and "1 of 3 exercises solved" in alices
    # Another visitor, with or without a session, and after Alice's page was drawn.
    for bob in (Client(), _visitor("session")):
        bobs = bob.get(lesson).content.decode()
        assert not _marks(bobs) and "None of the 3 exercises solved yet" in bobs
    assert _html(Client().get(lesson)) == _html_of(anonymous)
    # A signed-in learner's marks (kept in the database) stay theirs too.
    user = get_user_model().objects.create_user("carol", password="a long pass phrase 42")
    carol = Client()
    carol.force_login(user)
    assert not _marks(carol.get(lesson).content.decode())
    _solve_first_exercise(carol)
    assert _marks(carol.get(lesson).content.decode())
    dave = Client()
    dave.force_login(
        get_user_model().objects.create_user("dave", password="another pass phrase 42")
    )
    assert not _marks(dave.get(lesson).content.decode())
    assert not _marks(Client().get(lesson).content.decode())


def test_a_visitor_with_a_session_is_served_a_kept_page_only_if_it_read_no_session():
    caching.restart()
    alice, bob = _visitor("session"), _visitor("session")
    # Alice names her house rules: the pages under them say her name, for her only.
    used = alice.post(reverse("use_rules"), {"profile": HOUSE, "name": "Chez Alice", "next": "/"})
    assert used.status_code == 302
    for first in (alice, bob, Client()):  # whoever draws the page first
        caching.restart()
        pages = {
            who: _practice_get(client, "en", HOUSE).content.decode()
            for who, client in (
                ("first", first),
                ("alice", alice),
                ("bob", bob),
                ("anyone", Client()),
            )
        }
        assert "Chez Alice" in pages["alice"]
        assert "Chez Alice" not in pages["bob"] and "Chez Alice" not in pages["anyone"]
        assert ("Chez Alice" in pages["first"]) == (first is alice)
    # The same question under a profile reads no session: one page for all three.
    caching.restart()
    pages = {_html(_practice_get(c, "en", "federation")) for c in (alice, bob, Client())}
    assert len(pages) == 1 and len(caching.PAGES) == 1
    # The rules in use are Alice's: her profiles page is hers, drawn for her each time.
    for client in (bob, alice, Client(), bob, alice):
        page = client.get("/en/profiles/").content.decode()
        assert ("Chez Alice" in page) == (client is alice)


def _html_of(text: str) -> str:
    return TOKEN.sub("TOKEN", text)


def test_a_catalog_change_is_seen_after_a_restart(tmp_path):
    locale = tmp_path / "locale"
    shutil.copytree(settings.LOCALE_PATHS[0], locale)
    po = locale / "fr" / "LC_MESSAGES" / "django.po"
    with po.open("rb") as source:
        catalog = read_po(source, locale="fr")
    before = catalog["Glossary"].string
    with override_settings(LOCALE_PATHS=[locale]):
        try:
            caching.restart()
            assert f"<h1>{before}</h1>" in Client().get("/fr/glossary/").content.decode()
            catalog["Glossary"].string = "Lexique des joueurs"
            with (locale / "fr" / "LC_MESSAGES" / "django.mo").open("wb") as target:
                write_mo(target, catalog)
            # The running process keeps the words it started with, in its pages too.
            assert "Lexique des joueurs" not in Client().get("/fr/glossary/").content.decode()
            caching.restart()
            page = Client().get("/fr/glossary/").content.decode()
            assert "<h1>Lexique des joueurs</h1>" in page
        finally:
            caching.restart()
    caching.restart()
    assert f"<h1>{before}</h1>" in Client().get("/fr/glossary/").content.decode()


def test_every_cache_keeps_within_its_bounds():
    by_count = LRU(items=3)
    for n in range(10):
        by_count.put(n, str(n))
    assert len(by_count) == 3 and by_count.get(9) == "9" and by_count.get(0) is None
    by_size = LRU(items=100, size=100)
    for n in range(10):
        by_size.put(n, "x" * 20, 20)
    assert len(by_size) == 5 and by_size.get(9) and by_size.get(4) is None
    by_size.get(5)  # used: the least recently used goes first
    by_size.put("new", "y" * 20, 20)
    assert by_size.get(5) and by_size.get(6) is None
    by_size.put("huge", "z" * 60, 60)  # more than a quarter of the size: not kept
    assert by_size.get("huge") is None and len(by_size) == 5


def test_keys_tell_apart_what_a_page_tells_apart():
    from django.utils.safestring import mark_safe

    assert freeze({"a": [1, 2]}) == freeze({"a": [1, 2]})
    assert freeze({"a": [1, 2]}) != freeze({"a": [2, 1]})
    assert freeze("<b>") != freeze(mark_safe("<b>"))
    # A view a cache shares carries the key its values give.
    view = {"table": {"seats": [{"code": "S", "card": None}]}, "rows": []}
    assert freeze(kept(view)) == freeze(view) and kept(view) == view
    assert freeze(kept(view)["table"]) == freeze(view["table"])
    assert freeze(1) != freeze("1") and freeze(None) != freeze("")
    assert freeze(True) != freeze(1) and freeze({"a": False}) != freeze({"a": 0})


@pytest.mark.parametrize("lang", ["pt", "ro"])
def test_a_kept_sentence_is_the_sentence_said_afresh(lang):
    steps = [
        Step("illegal_must_follow", {"card": "7H", "suit": "S"}),
        Step("trick_won_by_trump", {"card": "JS", "count": 2, "seat": "N"}),
        Step("trick_points", {"points": 31, "cards": ["JS", "9S", "AH", "7D"]}),
        Step("trick_points", {"points": 0, "cards": ["7S", "8H", "7H", "8D"]}),
    ]
    SENTENCES.clear()
    for step in steps:
        said = render(step, lang)
        assert sentence(step, lang) == said[:1].upper() + said[1:]
    assert len(SENTENCES) == len(steps)
    # Again, from the cache: the same text, and the other language's is its own.
    assert [sentence(step, lang) for step in steps] == [sentence(s, lang) for s in steps]
    assert sentence(steps[0], "es") != sentence(steps[0], lang)


def _names(patterns) -> set[str]:
    found = set()
    for pattern in patterns:
        found |= _names(getattr(pattern, "url_patterns", []))
        if getattr(pattern, "name", None):
            found.add(pattern.name)
    return found


def test_the_shared_pages_are_pages_of_the_site_and_none_is_private():
    assert settings.SHARED_PAGES.issubset(_names(get_resolver().url_patterns))
    assert not settings.SHARED_PAGES & settings.PRIVATE_PAGES
