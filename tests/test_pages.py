"""Every page in every language, the 404 and the language rules."""

import pytest
from django.urls import reverse
from django.utils import translation

LANGS = ["pt", "es", "ro", "fr", "en"]
PAGES = ["home", "glossary", "profiles"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_it_serves_every_page_in_every_language(client, lang, name):
    with translation.override(lang):
        url = reverse(name)
    assert url.startswith(f"/{lang}/")
    response = client.get(url)
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in response.content.decode()


def test_it_follows_accept_language_on_a_first_visit(client):
    response = client.get("/", headers={"accept-language": "ro-RO,ro;q=0.9,en;q=0.5"})
    assert response.status_code == 302
    assert response.headers["location"] == "/ro/"


def test_it_falls_back_to_english_for_other_languages(client):
    response = client.get("/", headers={"accept-language": "de-DE"})
    assert response.headers["location"] == "/en/"


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("pt", "Página não encontrada"),
        ("es", "Página no encontrada"),
        ("ro", "Pagina nu a fost găsită"),
        ("fr", "Page introuvable"),
    ],
)
def test_it_answers_unknown_urls_with_a_translated_404(client, settings, lang, title):
    settings.DEBUG = False
    response = client.get(f"/{lang}/no-such-page/")
    assert response.status_code == 404
    assert title in response.content.decode()


def test_the_switcher_keeps_the_current_page(client):
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/pt/glossary/"})
    assert response.status_code == 302
    assert response.headers["location"] == "/fr/glossary/"


def test_the_four_colour_deck_is_remembered(client):
    response = client.post(reverse("toggle_deck"), {"deck": "4", "next": "/es/"})
    assert response.headers["location"] == "/es/"
    assert 'class="deck-4"' in client.get("/es/").content.decode()
    client.post(reverse("toggle_deck"), {"deck": "2", "next": "/es/"})
    assert 'class="deck-4"' not in client.get("/es/").content.decode()


def test_the_deck_switch_refuses_to_redirect_elsewhere(client):
    response = client.post(reverse("toggle_deck"), {"deck": "4", "next": "https://evil.example/"})
    assert response.headers["location"] == "/"


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("pt", "valete de copas"),
        ("es", "valet de corazones"),
        ("ro", "valet de cupă"),
        ("fr", "valet de cœur"),
        ("en", "jack of hearts"),
    ],
)
def test_cards_are_labelled_in_the_page_language(client, lang, label):
    content = client.get(f"/{lang}/").content.decode()
    assert f'aria-label="{label}"' in content


def test_the_glossary_shows_each_term_in_five_languages(client):
    content = client.get("/en/glossary/").content.decode()
    for word in ("vaza", "baza", "levată", "pli"):
        assert f">{word}<" in content


@pytest.mark.parametrize(
    ("next_url", "expected"),
    [
        ("/pt/glossary/", "/fr/glossary/"),
        ("/ro/quiz/?difficulty=2", "/fr/quiz/?difficulty=2"),
        ("/", "/fr/"),
        ("/glossary/", "/fr/glossary/"),
    ],
)
def test_the_switcher_works_whatever_language_came_before(client, next_url, expected):
    response = client.post(
        reverse("set_language"),
        {"language": "fr", "next": next_url},
        headers={"accept-language": "es"},
    )
    assert response.headers["location"] == expected
    assert response.cookies["django_language"].value == "fr"


def test_the_switcher_refuses_an_unknown_language(client):
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/pt/"})
    assert response.status_code == 400
