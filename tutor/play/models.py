"""A deal at the table: the seed that dealt it, the rule profile and the moves made.

Nothing else is stored: the position is the engine's state machine replayed from
these moves on every request, so a reload, another tab or another device (the
deal's address is its key) carries on exactly where the deal was.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone


def default_profile() -> str:
    return "federation"


def new_token() -> str:
    return secrets.token_urlsafe(12)


class TableDeal(models.Model):
    GAMES = [("coinche", "Coinche"), ("chouine", "Chouine")]

    token = models.CharField(max_length=24, unique=True, default=new_token)
    game = models.CharField(max_length=10, choices=GAMES)
    seed = models.BigIntegerField()
    dealer = models.CharField(max_length=1)
    # A profile name, or a house-rule object {"base": name, option: value}.
    profile = models.JSONField(default=default_profile)
    # The learner's seats: "S" (South, the other three played by the engine) or all of them.
    seats = models.CharField(max_length=4, default="S")
    moves = models.JSONField(default=list)
    # The moves the rules refused the learner, for the review after the deal: each with
    # "at" (how many moves were made then), "player" and the engine's "code" and "params".
    refused = models.JSONField(default=list, blank=True)
    # Completed tricks the learner has seen gathered; the bots wait for the next one.
    seen = models.PositiveSmallIntegerField(default=0)
    finished = models.BooleanField(default=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now, db_index=True)
    # The game this deal is part of, and its place there (1, 2, …); none for a single deal.
    table_game = models.ForeignKey(
        "TableGame", null=True, blank=True, on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-updated"]
        constraints = [
            # Two taps on "Next deal" cannot both become deal N of the same game.
            models.UniqueConstraint(
                fields=["table_game", "number"], name="one_table_deal_per_number"
            )
        ]

    def __str__(self):
        return f"{self.game} deal {self.seed} ({self.token})"


class TableGame(models.Model):
    """A Coinche game: deals played one after the other until the engine says it is won.

    Only the rule profile and the seats are kept here; the deals are ordinary
    :class:`TableDeal` rows (each with its own token and address) pointing back to it
    with their number, and the score is the engine's ``Game`` fed their replays.
    """

    token = models.CharField(max_length=24, unique=True, default=new_token)
    profile = models.JSONField(default=default_profile)
    seats = models.CharField(max_length=4, default="S")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self):
        return f"coinche game ({self.token})"
