"""Review items move from fixed intervals to FSRS cards; attempts keep the rule asked about."""

from datetime import timedelta

from django.db import migrations, models

# The fixed intervals the items were scheduled by, indexed by their old ``step``.
OLD_INTERVALS = (
    timedelta(minutes=10),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(days=7),
    timedelta(days=16),
    timedelta(days=35),
    timedelta(days=75),
)


def to_cards(apps, schema_editor):
    """Each item becomes the FSRS card its history stands for, due when it was due.

    Step 0 (just missed) is a card relearning its first step; a later step is a card
    in review whose stability is the interval it had reached.
    """
    ReviewItem = apps.get_model("quiz", "ReviewItem")
    for item in ReviewItem.objects.all():
        interval = OLD_INTERVALS[min(item.step, len(OLD_INTERVALS) - 1)]
        card = {
            "card_id": item.pk,
            "state": 3 if item.step == 0 else 2,  # fsrs.State.Relearning / Review
            "step": 0 if item.step == 0 else None,
            "stability": max(interval / timedelta(days=1), 0.1),
            "difficulty": 5.0,
            "due": item.due.isoformat(),
            "last_review": (item.due - interval).isoformat(),
        }
        item.card = card
        item.save(update_fields=["card"])
    Attempt = apps.get_model("quiz", "Attempt")
    # A right answer was filed under the rule its question turns on.
    Attempt.objects.filter(correct=True).update(situation=models.F("rule"))


class Migration(migrations.Migration):
    dependencies = [
        ("quiz", "0003_sheet_deal_nonce"),
    ]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="situation",
            field=models.CharField(blank=True, max_length=60),
        ),
        migrations.AddField(
            model_name="reviewitem",
            name="card",
            field=models.JSONField(default=dict),
        ),
        migrations.RunPython(to_cards, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="reviewitem",
            name="step",
        ),
    ]
