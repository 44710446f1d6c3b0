"""The tables' topics on the live channel (tutor/push.py): ``table:<id>``, whose version is the
table's, and ``night:<id>``, a duplicate night's results, whose version grows each time one of
its tables finishes a deal.

A table's topic also says when to look again unasked: when the clock of the player to move
runs out, or a silent seat passes the creator's limit (``state.tick`` makes the change then,
in whichever process streams the table, and every screen is told).
"""

import re

from tutor import push

from . import rows, screens, state
from .models import Night

KEY = re.compile(r"[0-9]{1,18}")


def _pk(name: str) -> int | None:
    key = name.split(":", 1)[1]
    return int(key) if KEY.fullmatch(key) else None


@push.kind("table")
def _table(name: str, fresh: bool):
    pk = _pk(name)
    table = rows.table(pk=pk) if pk else None
    if table is None:
        return None
    tick = state.tick(table)
    if tick.changed:
        table = rows.table(pk=pk)
    # The screens this process streams are drawn from this read (screens.cached).
    screens.snapshot(table)
    return table.version, tick.wake


@push.kind("night")
def _night(name: str, fresh: bool):
    pk = _pk(name)
    version = Night.objects.filter(pk=pk).values_list("version", flat=True).first() if pk else None
    return None if version is None else (version, None)
