"""A played deal's row on the move's path, read and written in one plain statement each.

Every move of a deal locks its row, reads it, and writes what the move changed. Built by the
ORM's query builder, the read and the write cost about 1 ms of the server's CPU each, more
than the database takes to answer (docs/speed.md); written out here they cost a third of
that. The row comes back as the ORM maps it (``Model.objects.raw``) and is written as
``save()`` writes it (``tutor.plain``).
"""

from __future__ import annotations

from django.db import connection

from tutor import plain

from .models import TableDeal

DEAL = TableDeal._meta.db_table
# What a move may change; the rest of the row (its seed, dealer, profile, owner) never does.
MOVED = ("moves", "refused", "seen", "finished", "updated")


def deal(game: str, token: str, *, lock: bool = False) -> TableDeal | None:
    """The deal of ``game`` with ``token``; with ``lock``, its row locked until the end of
    the transaction (two tabs' moves on one deal take turns)."""
    sql = f"SELECT * FROM {DEAL} WHERE token = %s AND game = %s"  # noqa: S608 - names from the model
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = list(TableDeal.objects.raw(sql, [token, game]))
    return found[0] if found else None


def moved(record: TableDeal) -> None:
    """Writes what a move changes in ``record`` (its moves, refusals, tricks seen, end and
    time), as ``record.save()`` would write them."""
    plain.update(record, MOVED)
