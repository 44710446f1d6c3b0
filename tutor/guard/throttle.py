"""Sliding-window limits: how often one client did one thing in the last N seconds.

Time is cut into slots of ``SLOT_SECONDS``; the count over a window is the sum of the slots
it covers, so the window slides by one slot at a time instead of resetting all at once (a
fixed ten-minute slot let 40 guesses through in five seconds across its boundary). One
upsert per event, so concurrent workers never lose a count.
"""

import hashlib
import time

from django.db import connection
from django.db.models import F, Sum

from . import clients
from .models import Hit

SLOT_SECONDS = 30
# Rows older than this are of no window's concern and are swept away.
LONGEST_WINDOW = 3600


def _client(request) -> str:
    return hashlib.sha256(clients.address(request).encode()).hexdigest()


def _slot() -> int:
    return int(time.time()) // SLOT_SECONDS


def record(scope: str, request) -> int:
    """Counts one event of ``scope`` for this request's client; returns its slot."""
    slot = _slot()
    table = connection.ops.quote_name(Hit._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (scope, client, slot, count) VALUES (%s, %s, %s, 1) "
            f"ON CONFLICT (scope, client, slot) DO UPDATE SET count = {table}.count + 1",
            [scope, _client(request), slot],
        )
    Hit.objects.filter(slot__lt=slot - LONGEST_WINDOW // SLOT_SECONDS).delete()
    return slot


def take(scope: str, request, seconds: int, limit: int) -> bool:
    """Records one event of ``scope`` for this client if it had fewer than ``limit`` in the
    last ``seconds``; ``False`` (nothing recorded) when it had them.

    Recorded first, counted next, given back when past the limit: of concurrent requests,
    each counts itself and every one recorded before it, so together they never pass the
    limit (at worst two racing for the last place are both refused).
    """
    slot = record(scope, request)
    if count(scope, request, seconds) <= limit:
        return True
    Hit.objects.filter(scope=scope, client=_client(request), slot=slot).update(count=F("count") - 1)
    return False


def count(scope: str, request, seconds: int) -> int:
    """Events of ``scope`` from this request's client in the last ``seconds``."""
    first = _slot() - seconds // SLOT_SECONDS + 1
    found = Hit.objects.filter(scope=scope, client=_client(request), slot__gte=first)
    return found.aggregate(total=Sum("count"))["total"] or 0
