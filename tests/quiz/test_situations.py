"""Choosing a situation on the practice index, and the question that follows."""

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.urls import resolve
from django.utils.html import escape

from tests.conftest import LANGS
from tutor import exercises
from tutor.quiz import situations, views

pytestmark = pytest.mark.django_db


class TypeForms(HTMLParser):
    """The index's forms, one per question type: action and the options of each select,
    and whether each select sits inside a label."""

    def __init__(self):
        super().__init__()
        self.forms, self.form, self.select, self.in_label = {}, None, None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and "data-type" in attrs:
            self.form = {"action": attrs["action"], "selects": {}, "labelled": set()}
            self.forms[attrs["data-type"]] = self.form
        elif self.form is None:
            return
        elif tag == "label":
            self.in_label += 1
        elif tag == "select":
            self.select = self.form["selects"].setdefault(attrs["name"], [])
            if self.in_label:
                self.form["labelled"].add(attrs["name"])
        elif tag == "option" and self.select is not None:
            self.select.append(attrs["value"])

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "label":
            self.in_label -= 1
        elif tag == "select":
            self.select = None


def type_forms(client, lang="en"):
    parser = TypeForms()
    parser.feed(client.get(f"/{lang}/quiz/").content.decode())
    return parser.forms


def test_it_labels_every_situation_of_every_type():
    codes = {code for qtype in exercises.TYPES.values() for code in qtype.situations}
    assert codes - set(situations.SITUATIONS) == set()
    # A label no type uses any more would be translated for nothing.
    assert set(situations.SITUATIONS) - codes == set()
    assert all(str(label).strip() for label in situations.SITUATIONS.values())


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_it_offers_a_labelled_situation_select_per_type(client, lang):
    forms = type_forms(client, lang)
    assert set(forms) == set(exercises.TYPES)
    for name, qtype in exercises.TYPES.items():
        selects = forms[name]["selects"]
        if qtype.situations:
            # Only what the form's first profile can show at level 1 is offered.
            possible = exercises.possible_situations(name, qtype.profiles[0], 1)
            assert selects["situation"] == ["", *possible]
            assert "situation" in forms[name]["labelled"]
        else:
            assert "situation" not in selects


def test_it_offers_no_situation_the_default_profile_rules_out(client):
    offered = type_forms(client)["legal_cards"]["selects"]["situation"]
    # The federation's players never undertrump, and level 1 deals suit contracts only.
    assert "may_discard" in offered
    assert not {"must_undertrump", "sa_follow", "ta_follow"} & set(offered)


def options(response):
    parser = TypeForms()
    parser.feed(
        f'<form data-type="t" action=""><select name="situation">{response.content.decode()}'
    )
    return parser.forms["t"]["selects"]["situation"]


def test_it_sends_the_situations_of_a_profile_and_level(client):
    response = client.get(
        "/en/quiz/situations/legal_cards/",
        {"profile": "maison", "difficulty": "2", "situation": "sa_follow"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert options(response) == ["", *exercises.possible_situations("legal_cards", "maison", 2)]
    assert {"must_undertrump", "sa_follow"} <= set(options(response))
    # The situation chosen stays chosen where it is still possible.
    assert '<option value="sa_follow" selected>' in response.content.decode()
    body = client.get(
        "/en/quiz/situations/legal_cards/", {"profile": "federation", "situation": "sa_follow"}
    ).content.decode()
    assert "sa_follow" not in body and " selected" not in body
    levels = [
        options(client.get("/en/quiz/situations/chouine_legal/", {"difficulty": n})) for n in (1, 2)
    ]
    assert levels[0] != levels[1]


@pytest.mark.parametrize(
    ("query", "code", "value"),
    [
        ({"profile": "chouine"}, "quiz_unknown_profile", "chouine"),
        ({"difficulty": "7"}, "quiz_bad_difficulty", "7"),
    ],
)
def test_it_refuses_a_bad_situations_query_in_the_page_language(client, query, code, value):
    response = client.get("/fr/quiz/situations/legal_cards/", query, headers={"HX-Request": "true"})
    assert response.status_code == 400
    message = exercises.text(exercises.ExerciseError(code, value=value).step, "fr")
    assert response.content.decode() == message
    assert client.get("/en/quiz/situations/nope/").status_code == 400


def question_page(client, lang, name, situation):
    """Submits the index's form of ``name`` with ``situation`` chosen, as a browser would."""
    form = type_forms(client, lang)[name]
    assert situation in form["selects"]["situation"]
    query = {"difficulty": form["selects"]["difficulty"][0], "situation": situation}
    if "profile" in form["selects"]:
        query["profile"] = form["selects"]["profile"][0]
    return client.get(form["action"], query, follow=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("name", "situation"),
    [
        ("legal_cards", "must_overtrump"),
        ("legal_cards", "partner_master"),
        ("declarations_winner", "declarations_tie"),
        ("contract_made", "failed_not_ahead"),
        ("chouine_exchange_seven", "chouine_exchange_too_late"),
        ("chouine_deal_winner", "chouine_deal_tied"),
    ],
)
def test_it_leads_from_the_form_to_a_question_in_that_situation(client, lang, name, situation):
    response = question_page(client, lang, name, situation)
    assert response.status_code == 200
    body = response.content.decode()
    assert f'data-situation="{situation}"' in body
    if lang == "en":
        assert escape(f"Situation: {situations.SITUATIONS[situation]}") in body
    path, query = urlsplit(response.request["PATH_INFO"]), response.request["QUERY_STRING"]
    assert f"situation={situation}" in query
    kwargs = resolve(path.path).kwargs
    params = {"difficulty": 1, "situation": situation}
    question = exercises.pose(name, kwargs["seed"], kwargs["profile"], params)
    assert exercises.solve(question).rule == situation
    # "Next question" keeps the situation.
    following = client.get(response.context["next_url"], follow=True)
    assert f'data-situation="{situation}"' in following.content.decode()
    assert following.request["PATH_INFO"] != response.request["PATH_INFO"]


def test_it_shows_no_situation_when_none_was_chosen(client):
    response = question_page(client, "en", "legal_cards", "")
    assert response.status_code == 200
    assert "data-situation" not in response.content.decode()
    assert "situation" not in response.context["next_url"]


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize(
    "path",
    ["q/legal_cards/federation/?situation=flying", "q/legal_cards/federation/5/?situation=flying"],
)
def test_it_refuses_an_unknown_situation_in_the_page_language(client, lang, path):
    response = client.get(f"/{lang}/quiz/{path}")
    assert response.status_code == 400
    message = exercises.text(
        exercises.ExerciseError("quiz_unknown_situation", value="flying").step, lang
    )
    assert escape(message) in response.content.decode()


def test_it_tries_other_seeds_for_a_rare_situation(client, monkeypatch):
    # Seed 1 has no litige among its draws; seed 2 has one.
    seeds = iter([1, 2])
    monkeypatch.setattr(views.random, "randrange", lambda _: next(seeds))
    response = client.get("/en/quiz/q/contract_made/maison/?difficulty=1&situation=classic_litige")
    assert response.status_code == 302
    assert urlsplit(response["Location"]).path == "/en/quiz/q/contract_made/maison/2/"


def test_it_says_at_once_when_no_scenario_shows_the_situation(client, monkeypatch):
    # The federation profile never makes a player undertrump: nothing is drawn to find out.
    qtype = exercises.get_type("legal_cards")
    for hook in ("generate", "generate_situation"):
        monkeypatch.setattr(qtype, hook, lambda *args: pytest.fail("a scenario was drawn"))
    response = client.get("/en/quiz/q/legal_cards/federation/?situation=must_undertrump")
    assert response.status_code == 400
    assert escape(exercises.text({"code": "quiz_no_scenario"}, "en")) in response.content.decode()
