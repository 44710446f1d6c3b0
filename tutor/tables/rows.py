"""A table's rows on its hot path, each read or written in one plain statement.

A move reads the table and its seats, takes the table's next version, reads the deal and
says whom the table waits for; then every server process with a screen of that table reads
the table, its seats and its deal again to draw them. Built by the ORM's query builder, each
of those statements cost 1 to 2.5 ms of the server's CPU, several times what the database
takes to answer (docs/play.md, Tables); written out here they cost a third of that. The rows
come back as the ORM maps them (``Model.objects.raw``): the same instances, fields and types.
"""

from __future__ import annotations

from django.db import connection

from tutor.play.models import TableDeal

from .models import Seat, Table

TABLE = Table._meta.db_table
SEAT = Seat._meta.db_table
DEAL = TableDeal._meta.db_table
_SEAT_TABLE = Seat._meta.get_field("table")


def table(*, token: str | None = None, pk: int | None = None) -> Table | None:
    """The table with ``token`` (or ``pk``) and its seats, as ``table.seats.all()`` gives
    them (in the seats' order); its night is read when asked for, if it has one."""
    column, value = ("token", token) if token is not None else ("id", pk)
    found = list(Table.objects.raw(f"SELECT * FROM {TABLE} WHERE {column} = %s", [value]))  # noqa: S608 - names from the models
    if not found:
        return None
    return with_seats(found[0])


def with_seats(found: Table) -> Table:
    """``found`` with its seats read and kept where a prefetch would keep them."""
    seats = list(
        Seat.objects.raw(f"SELECT * FROM {SEAT} WHERE table_id = %s ORDER BY seat", [found.pk])  # noqa: S608
    )
    for seat in seats:
        _SEAT_TABLE.set_cached_value(seat, found)
    kept = found.seats.all()
    kept._result_cache, kept._prefetch_done = seats, True
    found._prefetched_objects_cache = {"seats": kept}
    return found


def next_version(table: Table, at: int | None, now) -> Table | None:
    """Inside a transaction: the table at its next version, its row locked until the end
    of the transaction (its seats are read when asked for); None when ``at`` is given and is
    no longer the table's version."""
    sql = f"UPDATE {TABLE} SET version = version + 1, updated = %s WHERE id = %s"  # noqa: S608
    params = [_when(now), table.pk]
    if at is not None:
        sql += " AND version = %s"
        params.append(at)
    found = list(Table.objects.raw(sql + " RETURNING *", params))
    return found[0] if found else None


def waiting(table: Table) -> None:
    """Writes whom the table waits for and since when (``to_move``, ``turn_since``)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {TABLE} SET to_move = %s, turn_since = %s WHERE id = %s",  # noqa: S608
            [table.to_move, _when(table.turn_since), table.pk],
        )


def _when(moment):
    # As the ORM writes a date and time in this database (SQLite keeps it as UTC text).
    return connection.ops.adapt_datetimefield_value(moment)


def current_deal(match_id: int) -> TableDeal | None:
    """The match's last deal: the one being played, or the one just finished."""
    sql = f"SELECT * FROM {DEAL} WHERE table_game_id = %s ORDER BY number DESC LIMIT 1"  # noqa: S608
    found = list(TableDeal.objects.raw(sql, [match_id]))
    return found[0] if found else None
