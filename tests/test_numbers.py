"""Numbers and JSON from a request are read one way (tutor.guard.inputs): ASCII digits only,
a length bound, a range; JSON through the command line's bounded decoder. Anything else is a
translated 400, never a 500 (security review, second round, D1)."""

import json
import subprocess
import sys

import pytest
from django.test import Client

from tutor.quiz.models import ScoreSheet

pytestmark = pytest.mark.django_db

TOKEN = "a" * 32
SQUARE = "\u00b2"  # "²": str.isdigit() says yes, int() refuses it
LONG = "9" * 5000
CODE = f"federation~max_bid:{SQUARE}"
DEEP = "[" * 100_000 + "]" * 100_000


def quiet_client() -> Client:
    """Sees a 500 as a response, as a browser would; a forged but valid CSRF pair."""
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    client.cookies["csrftoken"] = TOKEN
    client.defaults["HTTP_X_CSRFTOKEN"] = TOKEN
    return client


@pytest.mark.parametrize(
    "path",
    [
        f"/fr/quiz/sheet/?profile={CODE}",
        f"/fr/club/?profile={CODE}",
    ],
)
def test_a_page_that_offers_rules_ignores_such_a_code(path):
    # These pages offer a choice of rules: a code they cannot use is not offered.
    response = quiet_client().get(path)
    assert response.status_code == 200
    assert '<html lang="fr">' in response.content.decode()
    assert SQUARE not in response.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        f"/fr/profiles/house/?profile={CODE}",
        # The calculator names the rules it was asked for, and refuses them.
        f"/fr/quiz/calculator/?profile={CODE}",
        f"/fr/quiz/q/trick_points/{CODE}/",
        f"/fr/quiz/q/trick_points/{CODE}/5/",
        f"/fr/referee/?hand=AS&profile={CODE}",
        f"/fr/profiles/house/?base=federation&max_bid={SQUARE}",
        f"/fr/profiles/house/?base=federation&max_bid=-{SQUARE}",
        f"/fr/profiles/house/?base=federation&max_bid={LONG}",
        f"/fr/learn/coinche-cards/?step={SQUARE}",
        f"/fr/play/coinche/?seed={SQUARE}",
        f"/fr/play/coinche/?seed={LONG[:4000]}",
    ],
)
def test_odd_digits_in_an_address_get_a_4xx_in_the_readers_language(path):
    response = quiet_client().get(path)
    assert 400 <= response.status_code < 500, response.status_code
    assert '<html lang="fr">' in response.content.decode()


@pytest.mark.parametrize("value", [SQUARE, LONG, "٣", " 1", "+1", "1_0", "0x1"])
def test_an_edit_number_that_is_not_ascii_digits_shows_the_sheet(value):
    sheet = ScoreSheet.objects.create(profile="maison")
    response = quiet_client().get(f"/en/quiz/sheet/{sheet.token}/", {"edit": value})
    assert response.status_code in (200, 400)


@pytest.mark.parametrize(
    "path, data",
    [
        ("/fr/profiles/house/use/", {"profile": CODE}),
        ("/fr/play/coinche/", {"seed": LONG}),
        ("/fr/play/coinche/game/", {"seed": LONG}),
        ("/fr/play/coinche/", {"seed": SQUARE}),
        ("/fr/play/coinche/", {"profile": json.dumps({"base": "federation", "max_bid": 10**4000})}),
        ("/fr/play/coinche/", {"profile": '{"base": "federation", "max_bid": ' + LONG + "}"}),
        ("/fr/play/coinche/", {"profile": DEEP}),
        ("/fr/play/coinche/", {"profile": "{" + '"a":[' * 5000 + "1" + "]" * 5000 + "}"}),
        ("/fr/play/coinche/", {"profile": "{" + " " * 100_000 + "}"}),
        ("/fr/play/coinche/game/", {"profile": DEEP}),
    ],
)
def test_odd_numbers_and_json_in_a_form_get_a_4xx_in_the_readers_language(path, data):
    response = quiet_client().post(path, data)
    assert 400 <= response.status_code < 500, response.status_code
    assert '<html lang="fr">' in response.content.decode()


@pytest.mark.parametrize(
    "house, reason",
    [
        ("[" * 1500 + "]" * 1500, "too deeply"),
        (DEEP, "too long"),
        ('{"base": "federation", "max_bid": ' + "9" * 3000 + "}", "too long"),
        ('{"base": "federation", "max_bid": ' + "9" * 30 + "}", "at most 15 digits"),
    ],
)
def test_house_rules_json_of_the_referee_is_read_by_the_bounded_decoder(house, reason):
    response = quiet_client().get("/en/referee/", {"hand": "AS", "house": house})
    assert response.status_code == 400
    assert reason in response.content.decode()


def test_the_command_line_calls_such_a_code_bad_house_rules():
    question = {"profile": CODE, "trump": "H", "hand": ["AS"], "trick": [], "seat": "N"}
    done = subprocess.run(
        [sys.executable, "-m", "tutor.rules", "legal"],
        input=json.dumps(question),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_house_rules"


@pytest.mark.parametrize(
    "text",
    [
        SQUARE,
        "¹",
        "①",
        "٣",
        "１",
        "𝟗",
        "+5",
        "-5",
        " 5",
        "5 ",
        "\t5",
        "5\n",
        "1_0",
        "",
        LONG,
        "1e3",
    ],
)
def test_the_reader_takes_ascii_digits_only(text):
    from tutor.guard import inputs

    assert inputs.parse(text, 0, 10**6) is None
    with pytest.raises(inputs.BadInput):
        inputs.number(text, 0, 10**6)


def test_the_reader_bounds_the_range_and_the_length():
    from tutor.guard import inputs

    assert inputs.parse("999", 0, 999) == 999
    assert inputs.parse("1000", 0, 999) is None
    assert inputs.parse("0999", 0, 999) is None
    assert inputs.parse("-3", -5, 5) == -3
    assert inputs.parse("-6", -5, 5) is None


@pytest.mark.parametrize("call", ["\u0668\u0660H", "\uff18\uff10H", "8\u0660S"])
def test_a_call_amount_in_other_digits_is_no_call(call):
    # \d would take these, and int() too: "٨٠H" would have been a bid of 80.
    from tutor.rules.coinche.auction import parse_call
    from tutor.rules.errors import RulesError

    with pytest.raises(RulesError, match="bad_call"):
        parse_call(call)
