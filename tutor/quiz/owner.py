"""Whose answers these are: the signed-in user, or the visitor's session."""

from django.db import connection
from django.db.models import Q


def owner(request) -> dict:
    """Field values naming the owner, creating the visitor's session if needed."""
    if request.user.is_authenticated:
        return {"user": request.user}
    if not request.session.session_key:
        request.session.save()
    return {"user": None, "session_key": request.session.session_key}


def owned(request) -> Q:
    """A filter for the owner's rows (a visitor without a session owns nothing)."""
    if request.user.is_authenticated:
        return Q(user=request.user)
    return Q(user=None, session_key=request.session.session_key or "-")


def whose(request) -> tuple[str, list]:
    """``owned`` as a plain statement's condition and its parameters."""
    if request.user.is_authenticated:
        return "user_id = %s", [request.user.pk]
    return "user_id IS NULL AND session_key = %s", [request.session.session_key or "-"]


def owned_rows(model, request, where: str = "", params=(), tail: str = "") -> list:
    """The owner's rows of ``model`` that meet ``where`` (with ``params``), ``tail`` added
    (an order, a limit, a lock).

    One plain statement, as the ORM maps its rows (``Model.objects.raw``): rows read on
    every answer and every returning learner's page, where the ORM's query builder cost
    more CPU than the database's answer (docs/speed.md)."""
    condition, values = whose(request)
    sql = f"SELECT * FROM {model._meta.db_table} WHERE {condition}"  # noqa: S608 - names from the model
    if where:
        sql += f" AND {where}"
    if tail:
        sql += f" {tail}"
    return list(model.objects.raw(sql, [*values, *params]))


def owned_row(model, request, pk, *, lock: bool = False):
    """The owner's row of ``model`` with primary key ``pk``, or None (none, or someone
    else's); with ``lock``, the row locked until the end of the transaction."""
    pk_field = model._meta.pk
    key = pk_field.get_db_prep_value(pk, connection)
    tail = "FOR UPDATE" if lock and connection.features.has_select_for_update else ""
    found = owned_rows(model, request, f"{pk_field.column} = %s", [key], tail)
    return found[0] if found else None
