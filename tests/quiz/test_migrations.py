"""Review items scheduled by the old fixed intervals become FSRS cards, due as before."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tutor.quiz import schedule


@pytest.mark.django_db(transaction=True)
def test_old_review_items_become_fsrs_cards():
    executor = MigrationExecutor(connection)
    executor.migrate([("quiz", "0003_sheet_deal_nonce")])
    old = executor.loader.project_state([("quiz", "0003_sheet_deal_nonce")]).apps
    Item = old.get_model("quiz", "ReviewItem")
    Attempt = old.get_model("quiz", "Attempt")
    soon = timezone.now() + timedelta(minutes=5)
    later = timezone.now() + timedelta(days=6)
    question = {"type": "trick_winner"}
    missed = Item.objects.create(session_key="s", rule="a", question=question, step=0, due=soon)
    known = Item.objects.create(session_key="s", rule="b", question=question, step=3, due=later)
    Attempt.objects.create(
        session_key="s",
        type="t",
        topic="t",
        game="coinche",
        profile="federation",
        rule="made",
        correct=True,
    )
    executor = MigrationExecutor(connection)
    executor.migrate([("quiz", "0004_fsrs_cards")])
    new = executor.loader.project_state([("quiz", "0004_fsrs_cards")]).apps
    Item = new.get_model("quiz", "ReviewItem")
    missed, known = Item.objects.get(pk=missed.pk), Item.objects.get(pk=known.pk)
    assert schedule.due(missed.card) == missed.due and missed.card["state"] == 3
    assert schedule.due(known.card) == known.due and known.card["state"] == 2
    assert known.card["stability"] == 7
    # The converted card goes on under FSRS: a right answer takes it further out.
    after = schedule.review(known.card, correct=True)
    assert schedule.due(after) - timezone.now() > timedelta(days=7)
    assert new.get_model("quiz", "Attempt").objects.get().situation == "made"
    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
