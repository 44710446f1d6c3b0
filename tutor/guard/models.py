"""Counters for the sliding-window limits (see tutor.guard.throttle)."""

from django.db import models


class Hit(models.Model):
    """How many times ``client`` did ``scope`` in one short slot of time."""

    scope = models.CharField(max_length=20)
    # A hash of the client's address: the table never stores an address.
    client = models.CharField(max_length=64)
    slot = models.BigIntegerField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "client", "slot"], name="guard_hit_once")
        ]
        indexes = [models.Index(fields=["slot"], name="guard_hit_slot")]

    def __str__(self):
        return f"{self.scope}:{self.client[:8]}@{self.slot}"
