"""A model's row written in one plain statement, as ``save()`` and ``create()`` write it.

The rows an answer or a move writes (a drill's run, an attempt, a played deal) are written on
every request of a learner at work. Built by the ORM's query builder, each of those statements
cost about 0.3-0.5 ms of the server's CPU more than sending it (docs/speed.md). The values go
through each field's own preparation for the database (``pre_save``, ``get_db_prep_save``),
so a row written here reads back exactly as one the ORM wrote.
"""

from __future__ import annotations

from django.db import connection


def insert(row) -> None:
    """Inserts ``row``, a new instance, with its fields' defaults and its own primary key
    (a model whose key the database numbers is given it back, as ``save()`` does)."""
    meta = row._meta
    numbered = meta.pk.db_returning
    fields = [f for f in meta.concrete_fields if not (numbered and f.primary_key)]
    values = [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {meta.db_table} ({columns}) VALUES ({marks})"  # noqa: S608 - names from the model
    with connection.cursor() as cursor:
        if numbered and connection.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING {meta.pk.column}", values)
            setattr(row, meta.pk.attname, cursor.fetchone()[0])
        else:
            cursor.execute(sql, values)
            if numbered:
                setattr(row, meta.pk.attname, cursor.lastrowid)
    row._state.adding = False


def update(row, names) -> None:
    """Writes the fields ``names`` of ``row``, as ``row.save(update_fields=names)``."""
    meta = row._meta
    fields = [meta.get_field(name) for name in names]
    columns = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
    values = [f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields]
    sql = f"UPDATE {meta.db_table} SET {columns} WHERE {meta.pk.column} = %s"  # noqa: S608 - names from the model
    key = meta.pk.get_db_prep_value(row.pk, connection)
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, key])
