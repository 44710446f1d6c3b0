"""A practice question filtered by a rare situation costs about what any question costs: the
auction questions draw the situation directly instead of waiting for it among hundreds of
random questions, and filtered practice is limited per client (security review, D6)."""

import re

import pytest
from django.test import Client

from tutor import exercises
from tutor.rules.coinche import auction

pytestmark = pytest.mark.django_db

# A question starts a few auctions (drawing it, solving it, showing it): the direct draw of a
# situation tries at most a few dozen; waiting for a rare one among random questions started
# hundreds (two per question, up to 400 questions a seed).
MOST_AUCTIONS = 80
TOKEN = re.compile(r"[A-Za-z0-9]{64}")


@pytest.fixture
def auctions(monkeypatch):
    started = []
    original = auction.Auction.__init__

    def counting(self, *args, **kwargs):
        started.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(auction.Auction, "__init__", counting)
    return started


@pytest.mark.parametrize("type_name", ["call_legal", "final_contract"])
def test_every_situation_of_an_auction_question_is_drawn_directly(type_name, auctions):
    qtype = exercises.get_type(type_name)
    worst = []
    for profile in qtype.profiles:
        for level in (1, 2, 3):
            for situation in qtype.possible(profile, level):
                for seed in range(3):
                    auctions.clear()
                    params = {"difficulty": level, "situation": situation}
                    posed = exercises.pose(type_name, seed, profile, params)
                    assert exercises.solve(posed).rule == situation
                    worst.append((len(auctions), profile, level, situation, seed))
    assert max(worst)[0] <= MOST_AUCTIONS, max(worst)


def test_a_situation_question_still_has_a_permanent_address(client):
    url = "/en/quiz/q/call_legal/maison/?difficulty=3&situation=surcoinche_not_declarer"
    location = client.get(url)["Location"]
    # The same question each time (the CSRF token aside).
    first, second = (TOKEN.sub("", client.get(location).content.decode()) for _time in range(2))
    assert first == second


def test_filtered_practice_is_limited_per_client(settings):
    settings.FILTERED_QUESTIONS_PER_MINUTE = 3
    url = "/en/quiz/q/final_contract/federation/?situation=auction_redeal"
    phone = Client()
    assert [phone.get(url).status_code for _ in range(4)] == [302, 302, 302, 429]
    seeded = "/en/quiz/q/final_contract/federation/7/?situation=auction_redeal"
    refused = phone.get(seeded)
    assert refused.status_code == 429
    assert "Too many" in refused.content.decode()
    # Another client, and unfiltered practice, are not concerned.
    assert Client(REMOTE_ADDR="203.0.113.5").get(url).status_code == 302
    assert phone.get("/en/quiz/q/final_contract/federation/7/").status_code == 200
