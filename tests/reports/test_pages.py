"""Each kind of page's "Report a problem": the report sent from it carries the page's position,
rules, reason codes, catalog entries and language, and every sentence it stores is one the
page showed. Private pages give the position and nothing of anyone's: no key, no player."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.club.conftest import create, join, wrong_answer
from tests.reports.helpers import assert_shown, learner_step, links, refusal, send, spot
from tutor import exercises
from tutor.club import codes as club_codes
from tutor.exercises.present import verdict_view
from tutor.lessons import examples, questions
from tutor.lessons.path import LESSONS
from tutor.play.chouine import ChouineTable, cut_for
from tutor.play.coinche import CoincheTable
from tutor.play.models import TableDeal
from tutor.quiz.models import SelfTest
from tutor.rules.cards import card_code
from tutor.rules.cli import ask
from tutor.rules.explain import Step

pytestmark = pytest.mark.django_db


def once(steps) -> list:
    """Steps as a page's spot keeps them: each once, in order."""
    found = []
    for step in steps:
        if step not in found:
            found.append(step)
    return found


def wrong_cards(question) -> list[str]:
    expected = exercises.solve(question).expected
    hand = question["data"]["hand"]
    return hand if expected != hand else hand[:1]


def test_a_practice_verdict_carries_the_question_the_answer_and_every_step(client):
    question = exercises.pose("legal_cards", 42, "federation")
    given = wrong_cards(question)
    # The second miss shows the solution: the report carries every step of it.
    client.post("/pt/quiz/q/legal_cards/federation/42/", {"card": given})
    body = client.post("/pt/quiz/q/legal_cards/federation/42/", {"card": given}).content.decode()
    (link,) = links(body)
    assert spot(link)["path"] == "/pt/quiz/q/legal_cards/federation/42/"
    report = send(client, link)
    verdict = exercises.check(question, given)
    steps = once([Step(**question["prompt"]), *verdict.why_wrong, *verdict.steps])
    assert_shown(
        report,
        body,
        page="practice",
        lang="pt",
        rules="federation",
        codes=[step.code for step in steps],
        step=None,
    )
    posed = {key: question[key] for key in ("type", "seed", "profile", "params", "data")}
    assert report.position == {"question": posed, "given": given}
    assert report.path == "/pt/quiz/q/legal_cards/federation/42/"
    # Wrong: the engine's refusal of a card the learner chose is among the sentences.
    assert {step.code for step in verdict.why_wrong} <= set(report.codes)


def test_a_lesson_exercise_carries_its_number(client):
    lesson = LESSONS["coinche-tricks"]
    profile = questions.profiles_for(lesson)[0]
    question = questions.question(lesson.exercises[1], profile)
    wrong = _expected(question) + 10
    for _miss in range(2):  # the second miss shows the solution, every step of it
        response = client.post(
            "/ro/learn/coinche-tricks/2/",
            {"profile": profile, "number": wrong},
            headers={
                "HX-Request": "true",
                "HX-Current-URL": "http://testserver/ro/learn/coinche-tricks/",
            },
        )
    body = response.content.decode()
    (link,) = links(body)
    report = send(client, link, kind="rule")
    verdict = exercises.check(question, wrong)
    steps = once([Step(**question["prompt"]), *verdict.why_wrong, *verdict.steps])
    assert_shown(
        report,
        body,
        page="lesson",
        lang="ro",
        rules=profile,
        codes=[step.code for step in steps],
        step=2,
    )
    # The page the reader saw, not the address the answer was posted to.
    assert report.path == "/ro/learn/coinche-tricks/"
    assert report.kind == "rule"


def _expected(question):
    return exercises.solve(question).expected


def test_a_worked_example_step_carries_its_table_and_step(client):
    lesson = LESSONS["coinche-play"]
    profile = questions.profiles_for(lesson)[0]
    body = client.get(f"/fr/learn/coinche-play/?profile={profile}&step=2").content.decode()
    example = [link for link in links(body) if spot(link)["kind"] == "example"]
    (link,) = example
    report = send(client, link)
    frame = examples.frames(lesson.example, profile)[2]
    said = [*frame.lines]
    if frame.hand is not None:
        said += [Step("example_rule", {}), frame.rule]
    assert_shown(
        report,
        body,
        page="lesson",
        lang="fr",
        rules=profile,
        codes=[step.code for step in once(said)],
        step=3,
    )
    assert report.position["lesson"] == "coinche-play" and report.position["step"] == 2
    assert report.position["table"]["trick"] == frame.table["trick"]


def test_every_question_of_a_self_test_result_carries_its_number(client):
    form = {"game": "coinche", "profile": "federation", "difficulty": 1, "length": 5}
    client.post("/es/quiz/test/", {**form, "topics": ["tricks"]})
    test = SelfTest.objects.get()
    for number, question in enumerate(test.questions):
        expected = _expected(question)
        qtype = exercises.get_type(question["type"])
        if qtype.answer_kind == "number":
            answer = {"number": expected + 1}
        elif qtype.answer_kind == "tap":
            answer = {qtype.tap_field: next(t for t in qtype.taps(question) if t not in expected)}
        else:
            answer = {"choice": next(s for s in "NESW" if s != expected)}
        client.post(f"/es/quiz/test/{test.id}/", {"position": number, **answer})
    body = client.get(f"/es/quiz/test/{test.id}/result/").content.decode()
    found = links(body)
    assert [spot(link)["step"] for link in found] == [1, 2, 3, 4, 5]
    report = send(client, found[2], kind="display")
    test.refresh_from_db()
    question = test.questions[2]
    verdict = exercises.check(question, test.answers[2]["given"])
    # A first miss holds the solution back: the report carries what the page said.
    held = verdict_view(question, verdict, "es", solution=False)["held"]
    said = verdict.hint if held else [*verdict.why_wrong, *verdict.steps]
    steps = once([Step(**question["prompt"]), *said])
    assert_shown(
        report,
        body,
        page="selftest",
        lang="es",
        rules="federation",
        codes=[step.code for step in steps],
        step=3,
    )
    # The test's own address is the learner's: it is not kept.
    assert str(test.id) not in report.path and str(test.id) not in report.spot
    assert report.path == "/es/quiz/test/…/result/"


def test_a_review_answer_carries_its_question(client):
    question = exercises.pose("legal_cards", 7, "official")
    client.post("/en/quiz/q/legal_cards/official/7/", {"card": wrong_cards(question)})
    page = client.get("/en/quiz/review/?all=1").content.decode()
    item = page.split('name="item" value="')[1].split('"')[0]
    body = client.post(
        "/en/quiz/review/?all=1", {"item": item, "card": wrong_cards(question)}
    ).content.decode()
    (link,) = links(body)
    report = send(client, link)
    assert report.page == "review" and report.rules == "official"
    assert report.position["question"]["seed"] == 7


def test_a_club_phone_after_the_reveal_carries_the_question_and_no_player(client):
    session = create(client)
    phone = Client()
    join(phone, session, "Anamaria", lang="pt")
    key = club_codes.teacher_key(session)
    client.post(reverse("club_host_act", args=[session.code, key, "start"]))
    question = session.questions.first()
    phone.post(reverse("club_answer", args=[session.code]), wrong_answer(question))
    client.post(reverse("club_host_act", args=[session.code, key, "reveal"]))
    body = phone.get(f"/pt/club/play/{session.code}/").content.decode()
    (link,) = links(body)
    # On a phone that redraws itself, the form opens in a tab of its own.
    assert re.search(r'<a class="report-link" href="[^"]+" rel="nofollow" target="_blank"', body)
    report = send(phone, link)
    steps = exercises.solve(question.data).steps
    assert_shown(
        report,
        body,
        page="club",
        lang="pt",
        rules="chouine",
        codes=[step.code for step in once(steps)],
        step=1,
    )
    # The question, not the players: no nickname, no answer, no session code.
    assert report.position["given"] is None
    stored = json.dumps([report.position, report.sentences, report.path])
    assert "Anamaria" not in stored and session.code not in stored
    assert "Anamaria" not in spot(link).__repr__()


def _played(game: str, seed: int) -> TableDeal:
    """A deal the learner played to its end with the first legal card or call each time."""
    if game == "coinche":
        record = TableDeal(game=game, seed=seed, dealer="N", profile="federation", seats="S")
        table = CoincheTable(record)
    else:
        record = TableDeal(game=game, seed=seed, dealer=cut_for(seed)[0], profile="chouine")
        record.seats = "A"
        table = ChouineTable(record)
    while not record.finished:
        table.advance()
        if record.finished:
            break
        if table.waiting():
            record.seen += 1
            continue
        if game == "coinche":
            deal = table.deal
            if deal.phase == "auction":
                table.move("call", "pass")
            elif deal.phase == "redeal":
                table.redeal(seed + 1)
                table = CoincheTable(record)
            else:
                table.move("play", card_code(deal.legal().legal[0]))
        else:
            table.move("play", card_code(table.deal.legal_cards()[0]))
    record.save()
    return record


@pytest.mark.parametrize(("game", "lang"), [("coinche", "fr"), ("chouine", "ro")])
def test_the_end_of_a_played_deal_carries_the_whole_deal_and_its_score(client, game, lang):
    record = _played(game, 3)
    body = client.get(f"/{lang}/play/{game}/{record.token}/").content.decode()
    (link,) = links(body)
    report = send(client, link)
    table = (CoincheTable if game == "coinche" else ChouineTable)(record)
    score = table.deal.result()
    said = score.score.steps if game == "coinche" else score.steps
    assert_shown(
        report,
        body,
        page="play",
        lang=lang,
        rules="federation" if game == "coinche" else "chouine",
        codes=[step.code for step in once(said)],
        step=len(record.moves),
    )
    assert report.position["moves"] == record.moves
    assert report.position["replay"] == table.replay_payload()
    # The deal's address is its owner's key: neither the path nor the spot holds it.
    assert record.token not in report.path and record.token not in json.dumps(report.position)


def test_a_refused_card_carries_the_move_refused_and_the_engine_reason(client):
    from tests.play.helpers import REFUSED_CARD

    url = client.post("/pt/play/coinche/", {"seed": "11", "dealer": "W"})["Location"]
    record = TableDeal.objects.get()
    for _ in range(60):
        body = client.get(url).content.decode()
        refused = REFUSED_CARD.findall(body)
        if refused:
            break
        learner_step(client, url, record)
    assert refused, "no refused card met"
    moves = list(record.moves)
    at = str(len(moves))
    response = client.post(url, {"card": refused[0], "at": at}, headers={"HX-Request": "true"})
    body = response.content.decode()
    report = send(client, refusal(body), comment="Esta frase não está clara.")
    assert_shown(
        report,
        body,
        page="play",
        lang="pt",
        rules="federation",
        codes=[report.sentences[0]["code"]],
        step=len(moves),
    )
    assert report.position["move"] == {"action": "play", "value": refused[0]}
    assert report.position["moves"] == moves
    assert report.sentences[0]["text"] in body
    assert report.comment == "Esta frase não está clara."
    assert record.token not in report.spot and record.token not in report.path


def test_each_referee_answer_carries_its_legal_question_and_rules(client):
    hand = ["QH", "8H", "AD", "TD", "KC", "7C"]
    url = "/es/referee/?game=coinche&trump=H&leader=N&t1=TS&t2=JH&" + "&".join(
        f"hand={card}" for card in hand
    )
    body = client.get(url).content.decode()
    found = links(body)
    # One per column: Federation alone, and the four that answer alike folded into one,
    # whose report carries the question under the first of them.
    assert len(found) == 2 == body.count('class="panel referee-column"')
    assert [spot(link)["rules"] for link in found] == ["federation", "maison"]
    maison = found[1]
    report = send(client, maison)
    payload = report.position
    assert payload["hand"] == hand and payload["seat"] == "S"
    _result, steps = ask("legal", payload)
    assert_shown(
        report,
        body,
        page="referee",
        lang="es",
        rules="maison",
        codes=[step.code for step in once(steps)],
        step=None,
    )
    assert report.path == url


def test_the_calculator_result_carries_the_engine_score_question(client):
    query = "profile=official&seat=S&bid=100&trump=H&double=2&points=98&last_trick=takers"
    body = client.get(f"/ro/quiz/calculator/?{query}").content.decode()
    (link,) = links(body)
    report = send(client, link)
    result, steps = ask("score", report.position)
    assert report.position["contract"] == {"seat": "S", "bid": 100, "trump": "H", "double": 2}
    assert_shown(
        report,
        body,
        page="calculator",
        lang="ro",
        rules="official",
        codes=[step.code for step in once(steps)],
        step=None,
    )
    assert f"{result['scores']['NS']}" in body


def test_the_score_sheet_carries_its_deals_and_never_its_address(client):
    url = client.post("/fr/quiz/sheet/", {"profile": "maison"})["Location"]
    deal = {"seat": "S", "bid": "100", "trump": "H", "double": "1", "points": "98"}
    client.post(url, {**deal, "last_trick": "takers", "belote": "", "nonce": "a"})
    client.post(url, {**deal, "seat": "E", "last_trick": "defence", "belote": "", "nonce": "b"})
    body = client.get(url).content.decode()
    (link,) = links(body)
    report = send(client, link)
    assert report.page == "sheet" and report.language == "fr" and report.rules == "maison"
    assert len(report.position["deals"]) == 2 and report.step == 2
    token = url.rstrip("/").split("/")[-1]
    assert token not in report.spot and token not in report.path
    assert report.path == "/fr/quiz/sheet/…/"
    for deal in report.position["deals"]:
        ask("score", {**deal, "profile": "maison"})


def test_a_position_the_referee_refuses_carries_the_refusal(client):
    # The same card twice: refused under every rule set, the refusal is the answer.
    url = "/fr/referee/?game=coinche&trump=H&leader=W&t1=AS&hand=AS&hand=KD"
    response = client.get(url)
    body = response.content.decode()
    assert response.status_code == 400
    (link,) = links(body)
    report = send(client, link)
    assert report.page == "referee" and report.language == "fr"
    assert report.sentences[0]["text"] in body.replace("&#x27;", "'")
    assert report.position["hand"] == ["AS", "KD"]
