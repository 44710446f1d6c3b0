from django.db import migrations, models


def number_places(apps, schema_editor):
    """Players already in a session take their places in the order they joined."""
    Player = apps.get_model("club", "Player")
    last: dict[int, int] = {}
    for player in Player.objects.order_by("session_id", "joined_at", "pk"):
        player.place = last[player.session_id] = last.get(player.session_id, 0) + 1
        player.save(update_fields=["place"])


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0004_presenter_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="clubsession",
            name="removed",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="player",
            name="place",
            field=models.PositiveIntegerField(null=True),
        ),
        migrations.RunPython(number_places, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="place",
            field=models.PositiveIntegerField(),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("session", "place"), name="club_place_once"),
        ),
    ]
