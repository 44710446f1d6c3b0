"""The house-rule builder, its shareable code, and pages running under it."""

import dataclasses
import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth import get_user_model

from tutor.pages.models import RuleSet
from tutor.rules.chouine import houserules as chouine_rules
from tutor.rules.chouine.rules import ChouineProfile
from tutor.rules.coinche.houserules import FIRST, NOT_IN_BUILDER, PHASES, SOURCES
from tutor.rules.coinche.profiles import Profile, make_profile
from tutor.rules.explain import option_label

CODE = make_profile("federation", max_bid=180, tie_made=True).name


def build(client, lang="en", **fields):
    query = {
        "base": "federation",
        "min_bid": "80",
        "max_bid": "160",
        "bid_step": "10",
        "generale": "0",
        "bids_per_player": "0",
        "belote": "20",
        "belote_gold": "0",
        "contract_margin": "0",
        "round_to": "10",
        "fall_points": "160",
        "capot_points": "250",
        "failed_capot_points": "160",
        "target": "2000",
        "capot_bid": "1",
        "generale_unannounced": "1",
        "coinche_capot": "1",
        "coinche_generale": "1",
        "declarations": "1",
        "declarations_count": "1",
        "multiply_extras": "1",
        "capot_takes_declarations": "1",
        "belote_must_validate": "1",
        "deal": "3-2-3",
        "bid_scale": "same",
        "sa_ta_count": "points",
        "coinche_doubles": "fall",
    }
    query.update(fields)
    query = {k: v for k, v in query.items() if v is not None}
    return client.get(f"/{lang}/profiles/house/", query)


@pytest.mark.django_db
def test_the_builder_unchanged_gives_the_profile_and_changes_give_a_code(client):
    response = build(client)
    assert response.status_code == 302
    assert parse_qs(urlsplit(response.url).query)["profile"] == ["federation"]
    response = build(client, max_bid="180", tie_made="1")
    assert parse_qs(urlsplit(response.url).query)["profile"] == [CODE]
    page = client.get(response.url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "data-share" in text and "Highest numbered bid" in text and "180" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "option", "words"),
    [
        ({"max_bid": "10000000"}, "max_bid", "between 50 and 500"),
        ({"max_bid": "1000000000000"}, "max_bid", "between 50 and 500"),
        ({"min_bid": "85"}, "min_bid", "multiple of the bid step"),
        ({"min_bid": "170"}, "min_bid", '"Lowest bid" and "Highest numbered bid" contradict'),
        ({"target": "abc"}, "target", 'The option "Target score" must be a whole number'),
    ],
)
def test_bad_values_are_refused_beside_their_field_and_kept(client, fields, option, words):
    response = build(client, **fields)
    assert response.status_code == 400
    text = response.content.decode()
    error = html.unescape(text.split(f'data-error="{option}"', 1)[1].split("</p>", 1)[0])
    assert words in error
    typed = next(iter(fields.values()))
    assert f'value="{typed}"' in text  # nothing typed is lost


@pytest.mark.django_db
def test_refusals_are_translated(client):
    response = build(client, lang="fr", max_bid="9999")
    assert response.status_code == 400
    text = response.content.decode()
    error = html.unescape(text.split('data-error="max_bid"', 1)[1].split("</p>", 1)[0])
    # Named by the builder's label in the page's language, never by the engine's name.
    assert "Enchère chiffrée la plus haute" in error and "max_bid" not in error
    assert "between 50 and 500" not in error


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "label"),
    [("en", "Highest numbered bid"), ("fr", "Enchère chiffrée la plus haute")],
)
def test_contradictions_name_both_options_by_their_labels(client, lang, label):
    response = build(client, lang=lang, min_bid="170")
    assert response.status_code == 400
    text = response.content.decode()
    for option in ("min_bid", "max_bid"):
        error = html.unescape(text.split(f'data-error="{option}"', 1)[1].split("</p>", 1)[0])
        assert label in error and "max_bid" not in error and "min_bid" not in error


@pytest.mark.django_db
def test_an_edited_link_says_what_is_wrong(client):
    response = client.get("/en/profiles/house/", {"profile": "federation~max_bid:99999"})
    assert response.status_code == 400
    assert "between 50 and 500" in response.content.decode()
    response = client.get("/en/profiles/house/", {"profile": "nope"})
    assert response.status_code == 400
    # A Chouine code with a Coinche option is refused by the option's name.
    response = client.get("/fr/profiles/house/", {"profile": "chouine~max_bid:180"})
    assert response.status_code == 400
    text = html.unescape(response.content.decode())
    assert "Enchère chiffrée la plus haute" in text and "Coinche" in text


@pytest.mark.django_db
def test_the_result_says_each_change_as_a_sentence_under_its_name(client):
    response = build(client, undertrump="1", target="1000", name="Club de Lyon")
    assert response.status_code == 302
    query = parse_qs(urlsplit(response.url).query)
    assert query["name"] == ["Club de Lyon"]
    text = html.unescape(client.get(response.url).content.decode())
    assert "<h2" in text and "Club de Lyon</h2>" in text
    changes = text.split("data-changes>", 1)[1].split("</ul>", 1)[0]
    assert "Unable to overtrump an opponent, you must still play a lower trump." in changes
    assert "The game is played to 1,000 points." in changes
    # Never a label and a bare yes or no.
    assert ": yes" not in changes and ": no" not in changes


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "fields", "said"),
    [
        ("en", {"tie_made": "1"}, "A tie with the defence is enough to make the contract."),
        ("fr", {"target": "1000"}, "1\u202f000"),
        ("en", {"max_bid": "9999"}, "between 50 and 500"),
    ],
)
def test_the_live_summary_says_each_change_or_refusal(client, lang, fields, said):
    response = build_summary(client, lang, **fields)
    assert response.status_code == 200
    body = html.unescape(response.content.decode())
    assert said in body, body
    assert 'id="house-count"' in body and 'hx-swap-oob="true"' in body


def build_summary(client, lang="en", **fields):
    """The live summary for the builder's federation form with ``fields`` changed."""
    query = {
        "base": "federation",
        **dict.fromkeys(("declarations", "declarations_count", "capot_bid"), "1"),
        **dict.fromkeys(("generale_unannounced", "coinche_capot", "coinche_generale"), "1"),
        **dict.fromkeys(("multiply_extras", "capot_takes_declarations"), "1"),
        "belote_must_validate": "1",
        "target": "2000",
        **fields,
    }
    return client.get(f"/{lang}/profiles/house/summary/", query)


@pytest.mark.django_db
def test_the_chouine_builder_makes_chouine_codes(client):
    page = client.get("/en/profiles/house/", {"profile": "chouine"})
    assert page.status_code == 200
    shown = set(re.findall(r'data-option="([a-z_]+)"', page.content.decode()))
    assert shown == set(chouine_rules.BUILDER_OPTIONS)
    response = client.get(
        "/en/profiles/house/", {"base": "chouine", "quinte": "100", "deals_to_win_match": "3"}
    )
    assert response.status_code == 302
    code = parse_qs(urlsplit(response.url).query)["profile"][0]
    assert code == "chouine~quinte:100"
    text = html.unescape(client.get(response.url).content.decode())
    assert "A quinte of brisques is worth 100." in text
    refused = client.get("/en/profiles/house/", {"base": "chouine", "quinte": "105"})
    assert refused.status_code == 400
    assert 'value="105"' in refused.content.decode()
    # Used on every Chouine page, without forgetting the Coinche rules in use.
    client.post("/en/profiles/house/use/", {"profile": CODE})
    client.post("/en/profiles/house/use/", {"profile": code})
    assert client.session["rules"] == CODE and client.session["rules_chouine"] == code


@pytest.mark.django_db
def test_pages_run_under_the_code_and_say_so(client):
    lesson = client.get(f"/en/learn/coinche-play/?profile={CODE}")
    assert lesson.status_code == 200
    assert 'data-rules="' + CODE in lesson.content.decode()
    calculator = client.get("/en/quiz/calculator/", {"profile": CODE})
    assert calculator.status_code == 200
    assert CODE in calculator.content.decode()
    question = client.get(f"/en/quiz/q/legal_cards/{CODE}/", follow=True)
    assert question.status_code == 200
    text = question.content.decode()
    assert "House rules (based on Federation)" in text and 'data-rules="' in text
    bad = client.get("/en/quiz/q/legal_cards/federation~max_bid:9/", follow=True)
    assert bad.status_code == 400


@pytest.mark.django_db
def test_use_these_rules_is_remembered_by_every_page(client):
    response = client.post(
        "/en/profiles/house/use/",
        {"profile": CODE, "name": "  Club\u200b   du Port ", "next": "/en/quiz/"},
    )
    assert response.status_code == 302
    assert client.session["rules"] == CODE
    index = client.get("/en/quiz/").content.decode()
    assert f'value="{CODE}" selected' in index or f'value="{CODE}"' in index
    # The name given to the set names it in the selects (spaces and invisible characters
    # tidied).
    assert ">Club du Port</option>" in index
    assert client.post("/en/profiles/house/use/", {"profile": "nope~x:1"}).status_code == 400
    page = client.get("/en/profiles/house/", {"profile": CODE}).content.decode()
    assert 'data-state="in-use"' in page and 'data-action="use-rules"' not in page


@pytest.mark.django_db
def test_a_signed_in_teacher_saves_a_named_rule_set_for_club_sessions(client):
    user = get_user_model().objects.create_user("teacher", password="pw-long-enough-1")
    client.force_login(user)
    response = client.post("/en/profiles/house/save/", {"profile": CODE, "name": "Café du Port"})
    assert response.status_code == 302
    assert RuleSet.objects.get(owner=user).code == CODE
    club = client.get("/en/club/").content.decode()
    assert "Café du Port" in club
    assert client.post("/en/profiles/house/save/", {"profile": CODE, "name": ""}).status_code == 400


@pytest.mark.django_db
def test_the_profiles_page_compares_profiles_option_by_option(client):
    text = client.get("/en/profiles/").content.decode()
    assert "data-compare" in text and text.count('data-action="use-profile"') == 5
    assert 'class="differs"' in text
    assert 'data-action="build-chouine-rules"' in text
    # The profile in use is a state in its column, not one more button.
    client.post("/en/profiles/house/use/", {"profile": "official"})
    text = client.get("/en/profiles/").content.decode()
    assert text.count('data-action="use-profile"') == 4
    column = text.split('data-state="in-use"', 1)
    assert len(column) == 2 and 'data-profile="official"' not in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("start", "profile_type", "engine"),
    [
        ("federation", Profile, None),
        ("chouine", ChouineProfile, chouine_rules),
    ],
)
def test_the_builder_offers_every_option_of_the_profile(client, start, profile_type, engine):
    """Each profile field is a field of the builder, labelled, explained and sourced, unless
    the engine lists it as not a house rule (NOT_IN_BUILDER / NOT_OPTIONS say why). The
    eight options tables change most come first; the others are folded by phase."""
    first, phases, skipped, sources = (
        (FIRST, PHASES, NOT_IN_BUILDER, SOURCES)
        if engine is None
        else (engine.FIRST, engine.PHASES, engine.NOT_OPTIONS, engine.SOURCES)
    )
    fields = {f.name for f in dataclasses.fields(profile_type)}
    assert fields >= skipped
    text = client.get("/en/profiles/house/", {"profile": start}).content.decode()
    shown = re.findall(r'data-option="([a-z_]+)"', text)
    assert sorted(shown) == sorted(fields - skipped)
    head = text.split('data-phase="first">', 1)[1].split('class="submit-bar"', 1)[0]
    head = head.split('class="house-more"', 1)[0]
    assert re.findall(r'data-option="([a-z_]+)"', head) == list(first)
    if engine is None:
        assert len(first) == 8
        folded = re.findall(
            r'<details class="house-phase" data-phase="([a-z_]+)">(.*?)</details>', text, re.S
        )
        assert [name for name, _ in folded] == list(PHASES)
        for name, body in folded:
            expected = [o for o in PHASES[name] if o not in first]
            assert re.findall(r'data-option="([a-z_]+)"', body) == expected
    for option in fields - skipped:
        block = text.split(f'data-option="{option}"', 1)[1]
        label, rest = html.unescape(block).split('class="option-help">', 1)
        help_text, rest = rest.split("</small>", 1)
        source = rest.split("data-source>", 1)[1].split("</small>", 1)[0]
        assert option_label(option, "en") != option and option_label(option, "en") in label
        assert help_text.strip() and source.startswith("From seed ")
        for seed, lines in sources[option]:
            assert f"seed {seed} " in source and lines in source
