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


def owned_row(model, request, pk, *, lock: bool = False):
    """The owner's row of ``model`` with primary key ``pk``, or None (none, or someone
    else's); with ``lock``, the row locked until the end of the transaction.

    One plain statement, as the ORM maps its rows (``Model.objects.raw``): a row read on
    every answer, where the ORM's query builder cost more CPU than the database's answer
    (docs/speed.md)."""
    meta = model._meta
    if request.user.is_authenticated:
        whose, params = "user_id = %s", [request.user.pk]
    else:
        whose, params = "user_id IS NULL AND session_key = %s", [request.session.session_key or "-"]
    key = meta.pk.get_db_prep_value(pk, connection)
    sql = f"SELECT * FROM {meta.db_table} WHERE {meta.pk.column} = %s AND {whose}"  # noqa: S608 - names from the model
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = list(model.objects.raw(sql, [key, *params]))
    return found[0] if found else None
