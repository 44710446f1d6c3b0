"""Model instances from the rows of plain statements, for the reads a whole room makes at once
(a phone's player, the session a joining phone names): building the ORM's query costs more
than running the statement."""

from functools import cache

from django.db import connection


@cache
def columns(model, alias: str = "") -> str:
    """The model's columns in field order, as :func:`instance` reads them back."""
    prefix = f"{alias}." if alias else ""
    name = connection.ops.quote_name
    return ", ".join(f"{prefix}{name(field.column)}" for field in model._meta.concrete_fields)


@cache
def _converters(model) -> list[tuple[str, object, list]]:
    """(attribute, column, converters) of each field, as the ORM's compiler applies them
    (JSON decoding, SQLite's dates and booleans)."""
    fields = []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        convert = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        fields.append((field.attname, column, convert))
    return fields


def instance(model, values):
    """The instance of ``model`` whose columns (in :func:`columns`' order) are ``values``."""
    names, converted = [], []
    for (attname, column, convert), value in zip(_converters(model), values, strict=True):
        for converter in convert:
            value = converter(value, column, connection)
        names.append(attname)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)
