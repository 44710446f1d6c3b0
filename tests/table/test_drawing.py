"""The card table's HTML (tutor/pages/drawing.py): what a page shows and its hooks, drawn from
the views of tutor.table, in the page's language."""

from html.parser import HTMLParser

import pytest
from django.utils import translation

from tutor import table
from tutor.pages import drawing


class Tree(HTMLParser):
    """The elements of a fragment with their attributes, and its text."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        if data.strip():
            self.text.append(data.strip())

    def find(self, **attrs) -> list[dict]:
        return [a for _tag, a in self.elements if all(a.get(k) == v for k, v in attrs.items())]


def drawn(view: dict, lang: str) -> Tree:
    with translation.override(lang):
        return Tree(drawing.table(view))


@pytest.mark.parametrize("lang", ["pt", "es", "ro", "fr", "en"])
def test_it_lays_the_trick_with_its_hooks_and_the_engines_winner(lang):
    view = table.coinche_table(
        lang, trump="H", leader="W", trick=["AS", "TS", "7H", "KS"], show_winner=True
    )
    tree = drawn(view, lang)
    assert tree.find(**{"data-table": "coinche", "data-winner": "E"})
    # Each card before the seat that played it, in the order of play from West; East trumped.
    laid = (("W", "AS", "1"), ("S", "TS", "2"), ("E", "7H", "3"), ("N", "KS", "4"))
    for seat, code, order in laid:
        assert tree.find(**{"data-played": seat, "data-order": order})
        assert tree.find(**{"data-card": code, "role": "img"})
    assert "is-trump" in tree.find(**{"data-card": "7H"})[0]["class"]
    winner = tree.find(**{"data-seat": "E"})[0]
    assert "data-winner" in winner and "is-winner" in winner["class"]
    # What a screen reader hears is the engine's summary, in the page's language.
    for line in view["summary"]:
        assert str(line) in tree.text


def test_it_escapes_what_people_type():
    name = "<script>alert(\"x\")</script> & 'Zé'"
    html = drawing.table(table.coinche_table("en", players={"N": name}))
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Zé&#x27;" in html
    assert Tree(html).find(**{"data-player": "N"})


@pytest.mark.parametrize(
    ("lang", "tricks", "said"),
    [("fr", 2, "2 plis"), ("ro", 1, "1 levată"), ("ro", 0, "nicio levată"), ("en", 0, "no tricks")],
)
def test_it_counts_a_seats_tricks_in_the_page_language(lang, tricks, said):
    view = table.coinche_table(lang, tricks_won={"S": tricks})
    tree = drawn(view, lang)
    assert tree.find(**{"data-tricks-won": str(tricks)})
    assert said in tree.text


def test_it_draws_the_chouine_stock_its_indicator_and_phase():
    view = table.chouine_table("es", trump="D", stock=7, indicator="9D", leader="A", trick=["AD"])
    tree = drawn(view, "es")
    assert tree.find(**{"data-stock": "7"})
    assert tree.find(**{"data-indicator": "9D"})
    assert tree.find(**{"data-trump": "D"})
    assert tree.find(**{"data-phase": view["phase"]})
    assert view["phase_name"] in tree.text


def hand_drawn(view: dict, lang: str, **options) -> tuple[str, Tree]:
    with translation.override(lang):
        html = drawing.hand(view, **options)
    return html, Tree(html)


def test_a_hand_to_play_disables_the_refused_cards_and_says_why():
    reason = "Il faut fournir à pique."
    view = table.hand_view(["AS", "7H", "KD"], "fr", trump="H", mode="play", refused={"7H": reason})
    _html, tree = hand_drawn(view, "fr", hand_id="hand", label="Votre main")
    group = tree.find(role="group", **{"aria-label": "Votre main"})[0]
    assert "data-roving" in group and "data-hand" in group
    refused = tree.find(**{"data-card": "7H", "name": "card"})[0]
    assert refused["aria-disabled"] == "true" and refused["aria-describedby"] == "hand-why-7H"
    assert tree.find(id="hand-why-7H") and reason in tree.text
    assert "aria-disabled" not in tree.find(**{"data-card": "AS", "name": "card"})[0]


def test_an_answered_hand_marks_each_card_and_gives_the_reasons():
    view = table.hand_view(
        ["AS", "7H"],
        "pt",
        mode="choose",
        chosen=["AS"],
        verdict={"AS": "wrong", "7H": "missed"},
        reasons={"AS": "Tem de jogar trunfo."},
    )
    html, tree = hand_drawn(view, "pt", hand_id="q1")
    box = tree.find(type="checkbox", value="AS")[0]
    assert "checked" in box and box["aria-describedby"] == "q1-why-AS"
    assert tree.find(**{"data-card": "AS", "data-verdict": "wrong"})
    assert tree.find(**{"data-card": "7H", "data-verdict": "missed"})
    assert tree.find(id="q1-why-AS", **{"class": "verdict-wrong"})
    assert "✗" in html and "!" in tree.text
    assert "Tem de jogar trunfo." in tree.text


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("ro", 1, "1 jucător"),
        ("ro", 2, "2 jucători"),
        ("ro", 20, "20 de jucători"),
        ("fr", 0, "personne"),
    ],
)
def test_a_rooms_answers_count_the_players_in_the_page_language(lang, count, said):
    view = table.hand_view(["AS"], lang, counts={"AS": count})
    _html, tree = hand_drawn(view, lang, hand_id="split")
    assert tree.find(**{"data-card": "AS", "data-count": str(count)})
    assert said in tree.text
