"""Secrets of a club session: join codes, teacher keys, player tokens, the join rate limit.

A join code is 8 characters from 31 unambiguous ones (31**8 ≈ 8.5e11), and
failed joins are limited per client, so guessing a live code is hopeless. The
teacher key is an HMAC of the session's nonce with SECRET_KEY: 256 bits no one
can guess, never stored, recomputable for a signed-in owner.
"""

import hashlib
import secrets
import time

from django.conf import settings
from django.db import connection
from django.utils.crypto import constant_time_compare, salted_hmac

from .models import RateCounter

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# Everyone at a club shares one Wi-Fi address, so only failures count.
FAILURES_ALLOWED = 20
WINDOW_SECONDS = 600


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: object) -> str:
    """The code as typed on a phone: any case, with spaces or a dash in the middle."""
    code = "".join(str(raw).split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(char not in ALPHABET for char in code):
        return ""
    return code


def spaced(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def new_nonce() -> str:
    return secrets.token_hex(16)


def teacher_key(session) -> str:
    return salted_hmac(
        "atout.club.teacher", f"{session.code}:{session.nonce}", algorithm="sha256"
    ).hexdigest()


def is_teacher_key(session, key: str) -> bool:
    return constant_time_compare(teacher_key(session), key)


def screen_key(session) -> str:
    """The projector view's key: it shows the session and cannot run it."""
    return salted_hmac(
        "atout.club.screen", f"{session.code}:{session.nonce}", algorithm="sha256"
    ).hexdigest()


def is_screen_key(session, key: str) -> bool:
    return constant_time_compare(screen_key(session), key)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def client_key(request) -> str:
    """Who is joining, hashed.

    Behind a reverse proxy every request comes from the proxy's address, so the
    deployment names the header the proxy writes the client's address into
    (``CLIENT_IP_HEADER``); the last address in it is the one the proxy saw.
    """
    address = request.META.get("REMOTE_ADDR", "")
    if settings.CLIENT_IP_HEADER:
        forwarded = request.META.get(settings.CLIENT_IP_HEADER, "")
        address = forwarded.split(",")[-1].strip() or address
    return digest(address)


def record_failure(request) -> int:
    """Counts one failed join for this client in the current slot; returns the count.

    One upsert statement, so concurrent failures from several workers all count.
    """
    slot = int(time.time()) // WINDOW_SECONDS
    table = connection.ops.quote_name(RateCounter._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (client, slot, failures) VALUES (%s, %s, 1) "
            f"ON CONFLICT (client, slot) DO UPDATE SET failures = {table}.failures + 1 "
            "RETURNING failures",
            [client_key(request), slot],
        )
        (failures,) = cursor.fetchone()
    RateCounter.objects.filter(slot__lt=slot - 1).delete()
    return failures


def too_many_failures(request) -> bool:
    slot = int(time.time()) // WINDOW_SECONDS
    row = RateCounter.objects.filter(client=client_key(request), slot=slot).first()
    return row is not None and row.failures >= FAILURES_ALLOWED
