"""Every rule a wrong answer can be filed under leads to the lesson paragraph and glossary
entry that teach it, and to new positions of it (tutor/quiz/teach.py)."""

import pytest
from django.urls import reverse

from tutor import exercises
from tutor.lessons.path import get_lesson
from tutor.quiz import situations
from tutor.quiz.teach import LINKS, glossary_anchor

RULES = sorted(
    {code for qtype in exercises.TYPES.values() for code in qtype.situations}
    | set(situations.BROKEN)
)


def test_every_rule_a_mistake_is_filed_under_has_its_lesson():
    assert [code for code in RULES if code not in LINKS] == []
    assert sorted(set(LINKS) - set(RULES)) == []


@pytest.mark.parametrize("slug", sorted({slug for slug, _anchor, _term in LINKS.values()}))
def test_each_anchor_is_on_its_lesson_page(client, slug):
    body = client.get(reverse("lesson", args=[slug])).content.decode()
    assert get_lesson(slug) is not None
    for anchor in {a for s, a, _t in LINKS.values() if s == slug}:
        assert f'id="{anchor}"' in body, anchor


def test_each_glossary_word_has_its_entry(client):
    body = client.get(reverse("glossary")).content.decode()
    for _slug, _anchor, term in LINKS.values():
        assert f'<tr id="{glossary_anchor(term)}">' in body, term


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["pt", "ro"])
def test_a_wrong_answer_links_its_rule_in_the_learners_language(client, lang):
    question = exercises.pose(
        "legal_cards", 5, "federation", {"difficulty": 1, "situation": "must_overtrump"}
    )
    hand = question["data"]["hand"]
    expected = exercises.solve(question).expected
    wrong = [code for code in hand if code not in expected][:1]
    address = f"/{lang}/quiz/q/legal_cards/federation/5/?difficulty=1&situation=must_overtrump"
    body = client.post(address, {"card": wrong}).content.decode()
    # The card chosen breaks a rule of its own (must trump, must overtrump): its paragraph.
    slug, anchor, term = LINKS[exercises.check(question, wrong).rule]
    assert (slug, anchor) == ("coinche-play", "rule-trump")
    assert f'href="/{lang}/learn/coinche-play/#rule-trump" data-action="lesson"' in body
    assert f'href="/{lang}/glossary/#{glossary_anchor(term)}" data-action="glossary"' in body
    assert "situation=must_overtrump" in body.split('data-action="practise-rule"')[0][-200:]
    # A right answer has nothing to learn again.
    right = client.post(address, {"card": expected}).content.decode()
    assert 'data-action="lesson"' not in right
