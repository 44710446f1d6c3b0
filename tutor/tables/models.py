"""A table of players, its seats, what the referee refused there, and duplicate club nights.

A table's deals are the solo play's :class:`~tutor.play.models.TableDeal` rows, numbered in
the table's :class:`~tutor.play.models.TableGame` (``Table.match``): each replays through
the same engine state machine, and the record's ``seats`` are the seats people hold (the
bots play the others). ``Table.version`` grows with every change; a page's form carries the
version it was drawn at (``at``) and a change is one conditional UPDATE on it
(``tutor/tables/state.py``), so a second tab or a double tap can never move twice.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from tutor.play.models import TableDeal, TableGame, default_profile


def new_token() -> str:
    return secrets.token_urlsafe(12)


def new_nonce() -> str:
    return secrets.token_hex(16)


class Night(models.Model):
    """A duplicate club night: ``tables`` tables that each play the same deals, dealt from
    ``deals`` (``[seed, dealer]`` each, in order), and compare them deal by deal."""

    # The results' key (the projector shows them); the organiser's key is an HMAC of
    # ``nonce`` (tutor/tables/keys.py), never stored.
    token = models.CharField(max_length=24, unique=True, default=new_token)
    nonce = models.CharField(max_length=32, default=new_nonce)
    game = models.CharField(max_length=10, choices=TableDeal.GAMES, default="coinche")
    profile = models.JSONField(default=default_profile)
    deals = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"night {self.token}"


class Table(models.Model):
    token = models.CharField(max_length=24, unique=True, default=new_token)
    # The creator's key (watching every hand, starting) is an HMAC of this nonce.
    nonce = models.CharField(max_length=32, default=new_nonce)
    game = models.CharField(max_length=10, choices=TableDeal.GAMES)
    # A profile name, a house-rule code or a house-rule object, as solo play keeps it.
    profile = models.JSONField(default=default_profile)
    # Seconds a player has for each move (None: no clock), and before a seat whose player
    # has gone can be handed to a bot (None: never).
    clock = models.PositiveSmallIntegerField(null=True, blank=True)
    away_after = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    started = models.DateTimeField(null=True, blank=True)
    # The seat the table waits for (the seat to move, or a person who may coinche out of
    # turn while the bots wait), and since when: the clock counts from there.
    to_move = models.CharField(max_length=1, blank=True)
    turn_since = models.DateTimeField(null=True, blank=True)
    match = models.OneToOneField(
        TableGame, null=True, blank=True, on_delete=models.SET_NULL, related_name="table"
    )
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    # The creator, whose browser may start the table and watch every hand.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["night_id", "number", "-created"]

    def __str__(self):
        return f"{self.game} table {self.token}"

    @property
    def seat_codes(self) -> str:
        return "NESW" if self.game == "coinche" else "AB"


class Seat(models.Model):
    """A seat of a table: a person (nickname, language, the digest of their private key) or
    a bot. A person's seat handed to a bot keeps their name and key, so they can take it
    back; a newcomer taking a bot's seat replaces them."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1)
    nickname = models.CharField(max_length=24, blank=True)
    # The nickname's skeleton (tutor/club/nicknames.py): one spelling of a name per table.
    nickname_key = models.CharField(max_length=24, blank=True)
    lang = models.CharField(max_length=8, blank=True)
    token_digest = models.CharField(max_length=64, blank=True, db_index=True)
    bot = models.BooleanField(default=False)
    # Marked once the seat has been silent for the table's ``away_after`` seconds.
    away = models.BooleanField(default=False)
    seen_at = models.DateTimeField(default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_person_per_seat"),
            models.UniqueConstraint(
                fields=["table", "nickname_key"],
                condition=Q(nickname_key__gt=""),
                name="one_nickname_per_table",
            ),
        ]

    def __str__(self):
        return f"{self.seat} {self.nickname or 'bot'}"

    @property
    def person(self) -> bool:
        return not self.bot and bool(self.token_digest)


class Note(models.Model):
    """Something the table's creator may read afterwards: a move the engine refused (its
    code and parameters, never a sentence), a move the clock made, a seat handed to a bot."""

    class Kind(models.TextChoices):
        REFUSED = "refused"
        CLOCK = "clock"
        BOT = "bot"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="notes")
    number = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1)
    nickname = models.CharField(max_length=24, blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    move = models.JSONField(default=dict)
    code = models.CharField(max_length=60, blank=True)
    params = models.JSONField(default=dict)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self):
        return f"{self.kind} {self.seat} deal {self.number}"
