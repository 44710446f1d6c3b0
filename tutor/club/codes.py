"""Secrets of a club session: join codes, teacher keys, player tokens, the join rate limit.

A join code is 8 characters from 31 unambiguous ones (31**8 ≈ 8.5e11) and stays
joinable for a day, so guessing a live code is hopeless. Unknown codes are counted
per client address in a sliding window, and past the limit they are refused without
a look; but a well-formed code of a live session always joins, because every phone
of a club shares the club's one Wi-Fi address and one careless player must not shut
the class out. That shared address also sizes the joins one address may make to a session:
a class's worth (``ClubSession.per_network``, which its teacher can raise), so one client
cannot fill a session alone. The teacher key is an HMAC of the session's nonce with SECRET_KEY:
256 bits no one can guess, never stored, recomputable for a signed-in owner.
"""

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

from tutor.guard import clients, throttle

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# Unknown codes allowed per client address in any WINDOW_SECONDS.
FAILURES_ALLOWED = 20
WINDOW_SECONDS = 600
# How long after its creation an unfinished session can still be joined.
JOINABLE_FOR = timedelta(days=1)
# The most players a session takes: 2,000 unless the deployment sets CLUB_MAX_PLAYERS (the
# server's capacity depends on its cores: docs/club.md, Load). A teacher may set a lower cap.
MAX_PLAYERS = settings.CLUB_MAX_PLAYERS


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


def network(session, request) -> str:
    """The phone's network address as a digest keyed by the session: the joins from one
    address are counted per session, and no address can be read back or followed from one
    session to the next."""
    return salted_hmac(
        "atout.club.network", f"{session.nonce}:{clients.address(request)}", algorithm="sha256"
    ).hexdigest()


def record_failure(request) -> None:
    """Counts one unknown code from this client (the window slides: tutor.guard.throttle)."""
    throttle.record("join", request)


def too_many_failures(request) -> bool:
    return throttle.count("join", request, WINDOW_SECONDS) >= FAILURES_ALLOWED
