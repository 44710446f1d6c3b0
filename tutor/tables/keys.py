"""The keys of a table: the invite link (the table's token), each seat's private key, and the
creator's and the organiser's keys.

A seat's key is 256 random bits, given once to the person who sits (in an HttpOnly cookie for
that table, and in their seat's private link) and stored only as its SHA-256 (as a club
player's token is, ``tutor/club/codes.py``). The creator's key (watching every hand,
starting the table) and a duplicate night's organiser key are HMACs of the row's nonce with
SECRET_KEY: never stored, recomputable, compared in constant time.
"""

from django.utils.crypto import constant_time_compare, salted_hmac

from tutor.club.codes import digest, new_token

__all__ = ["digest", "new_token", "host_key", "is_host_key", "night_key", "is_night_key"]


def host_key(table) -> str:
    return salted_hmac(
        "atout.tables.host", f"{table.token}:{table.nonce}", algorithm="sha256"
    ).hexdigest()


def is_host_key(table, key: str) -> bool:
    return constant_time_compare(host_key(table), key)


def night_key(night) -> str:
    return salted_hmac(
        "atout.tables.night", f"{night.token}:{night.nonce}", algorithm="sha256"
    ).hexdigest()


def is_night_key(night, key: str) -> bool:
    return constant_time_compare(night_key(night), key)


def cookie(table) -> str:
    """The name of the cookie that holds this browser's seat key at ``table``."""
    return f"table_{table.token}"
