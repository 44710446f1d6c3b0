"""Counting drills through the server: runs, answers, bad input, the storm's clock, records."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tutor import exercises
from tutor.quiz import drills
from tutor.quiz.models import Attempt, CountRecord, CountRun, ReviewItem

pytestmark = pytest.mark.django_db


def start(client, drill="trick", mode="storm", level="1", profile=None):
    profile = profile or drills.DRILLS[drill].profiles[0]
    response = client.post(
        "/en/quiz/count/start/",
        {"drill": drill, "profile": profile, "level": level, "mode": mode},
    )
    assert response.status_code == 302, response.content
    return response["Location"]


def current(url) -> CountRun:
    return CountRun.objects.get(pk=url.rstrip("/").split("/")[-1])


def token(body: str) -> str:
    return re.search(r'name="item" value="([^"]+)"', body).group(1)


def expected(run: CountRun):
    return exercises.solve(drills.question(run)).expected


def answer_data(run: CountRun, right: bool = True) -> dict:
    value = expected(run)
    if isinstance(value, dict):
        return {
            f"score_{side}": str(points + (0 if right else 1)) for side, points in value.items()
        }
    return {"number": str(value + (0 if right else 1))}


def answer(client, url, right=True, **extra):
    body = client.get(url).content.decode()
    data = {"item": token(body), **answer_data(current(url), right), **extra}
    return client.post(url + "answer/", data)


def test_it_lists_every_drill_with_its_levels_and_modes(client):
    body = client.get("/en/quiz/count/").content.decode()
    for slug in drills.DRILLS:
        assert f'data-drill="{slug}"' in body
    assert "Count storm" in body and "Count streak" in body
    assert "as many right answers as you can in 3 minutes" in body


@pytest.mark.parametrize("slug", list(drills.DRILLS))
def test_it_runs_every_drill_right_and_wrong(client, slug):
    url = start(client, drill=slug, mode="practice", level="3")
    right = answer(client, url)
    assert right.status_code == 200
    assert 'data-verdict="right"' in right.content.decode()
    wrong = answer(client, url, right=False)
    body = wrong.content.decode()
    assert 'data-verdict="wrong"' in body
    assert "The correct answer:" in body and "Step by step" in body
    run = current(url)
    assert (run.right, run.wrong, run.number) == (1, 1, 3)


def test_a_mistake_feeds_the_review_queue_like_any_question(client):
    url = start(client, drill="running", mode="practice", level="2")
    answer(client, url, right=False)
    attempt = Attempt.objects.get()
    assert (attempt.type, attempt.correct) == ("running_count", False)
    item = ReviewItem.objects.get()
    assert item.rule == "count_running" and item.question["type"] == "running_count"
    review = client.get("/en/quiz/review/?all=1").content.decode()
    assert "how many points have" in review and "Trick 8:" in review
    # My progress names the kind of count to practise, with one tap to it.
    progress = client.get("/en/quiz/progress/").content.decode()
    assert "Keeping a running count" in progress
    assert "/en/quiz/q/running_count/federation/" in progress


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("abc", "Give the count as a whole number, in digits."),
        ("-5", "A count is never below 0."),
        ("123456789", "No count in these games comes near that number"),
        ("", "Type your count first."),
        ("４２", "Give the count as a whole number, in digits."),
        # What int() takes and no count is: other scripts' digits, a sign, an underscore.
        ("٤٢", "Give the count as a whole number, in digits."),
        ("²", "Give the count as a whole number, in digits."),
        ("+42", "Give the count as a whole number, in digits."),
        ("4_2", "Give the count as a whole number, in digits."),
        ("9" * 5000, "Give the count as a whole number, in digits."),
    ],
)
def test_bad_counts_get_a_message_and_the_same_item(client, given, message):
    url = start(client, mode="streak")
    body = client.get(url).content.decode()
    response = client.post(url + "answer/", {"item": token(body), "number": given})
    assert response.status_code == 400
    assert message in response.content.decode()
    run = current(url)
    assert (run.number, run.right, run.wrong, run.finished) == (1, 0, 0, None)
    # Through htmx the drill's fragment comes back with the message, and goes on.
    htmx = client.post(
        url + "answer/", {"item": token(body), "number": given}, HTTP_HX_REQUEST="true"
    )
    assert htmx.status_code == 200 and message in htmx.content.decode()
    assert "<html" not in htmx.content.decode()


@pytest.mark.parametrize("forge", ["junk", "tampered", "other run"])
def test_a_forged_token_is_refused_and_the_drill_goes_on(client, forge):
    url = start(client)
    body = client.get(url).content.decode()
    item = token(body)
    if forge == "tampered":
        item = item[:-3] + ("abc" if not item.endswith("abc") else "xyz")
    elif forge == "other run":
        item = token(client.get(start(client)).content.decode())
    elif forge == "junk":
        item = "not-a-token"
    response = client.post(url + "answer/", {"item": item, **answer_data(current(url))})
    assert response.status_code == 400
    text = response.content.decode()
    assert "does not match the item on your screen" in text
    assert 'name="item"' in text  # the current item is there to answer
    assert current(url).number == 1


def test_an_item_answered_twice_counts_once(client):
    url = start(client, mode="streak")
    body = client.get(url).content.decode()
    data = {"item": token(body), **answer_data(current(url))}
    first = client.post(url + "answer/", data)
    second = client.post(url + "answer/", data)
    assert first.status_code == second.status_code == 200
    assert "already answered" in second.content.decode()
    assert 'data-verdict="right"' in second.content.decode()
    run = current(url)
    assert (run.right, run.number) == (1, 2)


def test_a_streak_ends_at_the_first_mistake_and_keeps_its_record(client):
    url = start(client, mode="streak")
    for _ in range(3):
        answer(client, url)
    ended = answer(client, url, right=False).content.decode()
    assert 'data-phase="over"' in ended and 'data-final-score="3"' in ended
    assert 'data-record="new"' in ended
    record = CountRecord.objects.get()
    assert (record.drill, record.mode, record.level, record.best) == ("trick", "streak", 1, 3)
    # A shorter streak keeps the record; the page says what it is.
    url = start(client, mode="streak")
    answer(client, url)
    again = answer(client, url, right=False).content.decode()
    assert 'data-record="kept"' in again and "Your record at these settings: 3." in again
    assert CountRecord.objects.get().best == 3
    index = client.get("/en/quiz/count/").content.decode()
    assert re.search(r'data-record="streak">Count streak: <strong>3</strong>', index)


def test_a_storm_mistake_costs_seconds_and_the_clock_is_the_servers(client, settings):
    settings.COUNT_STORM_SECONDS = 60
    settings.COUNT_STORM_PENALTY = 10
    url = start(client, mode="storm")
    answer(client, url)
    answer(client, url, right=False)
    run = current(url)
    assert (run.right, run.wrong, run.penalty) == (1, 1, 10)
    assert 40 <= run.seconds_left <= 50
    # An answer that arrives once the server's clock has run out is not counted.
    body = client.get(url).content.decode()
    data = {"item": token(body), **answer_data(run)}
    CountRun.objects.filter(pk=run.pk).update(started=timezone.now() - timedelta(seconds=55))
    late = client.post(url + "answer/", data).content.decode()
    assert "Time was up before this answer arrived" in late
    assert 'data-final-score="1"' in late
    assert CountRecord.objects.get().best == 1


def test_a_forged_record_is_refused(client):
    """No page can write a record: the end takes no score, another owner's run is unknown."""
    url = start(client, mode="streak")
    answer(client, url)
    response = client.post(url + "end/", {"best": "999", "right": "999", "score": "999"})
    assert response.status_code == 302
    assert CountRecord.objects.get().best == 1
    stranger = Client()
    assert stranger.post(url + "end/", {"right": "999"}).status_code == 404
    assert stranger.get(url).status_code == 404
    assert CountRecord.objects.count() == 1
    assert (
        client.post("/en/quiz/count/start/", {"drill": "trick", "mode": "record"}).status_code
        == 400
    )


def test_an_answer_after_the_end_is_not_counted(client):
    url = start(client, mode="streak")
    body = client.get(url).content.decode()
    client.post(url + "end/")
    response = client.post(url + "answer/", {"item": token(body), **answer_data(current(url))})
    assert response.status_code == 409
    assert "This drill is over" in response.content.decode()
    assert current(url).right == 0


@pytest.mark.parametrize(
    "data",
    [
        {"drill": "nope", "profile": "federation", "level": "1", "mode": "storm"},
        {"drill": "trick", "profile": "chouine", "level": "1", "mode": "storm"},
        {"drill": "trick", "profile": "federation", "level": "9", "mode": "storm"},
        {"drill": "trick", "profile": "federation", "level": "1", "mode": "forever"},
    ],
)
def test_it_refuses_settings_no_form_sends(client, data):
    response = client.post("/en/quiz/count/start/", data)
    assert response.status_code == 400
    assert CountRun.objects.count() == 0


def test_the_pages_speak_the_learners_language(client):
    url = start(client, drill="chouine-deal", mode="practice").replace("/en/", "/fr/")
    body = client.get(url).content.decode()
    assert 'lang="fr"' in body and "Joueur A" in body


def test_a_drill_with_no_right_answer_yet_says_so_in_a_sentence_of_its_own(client):
    url = start(client, mode="practice")
    answer(client, url, right=False)
    body = client.get(url.replace("/en/", "/es/")).content.decode()
    score = re.search(r'data-score="0">([^<]*)<', body).group(1)
    assert score == "Ningún acierto todavía"
