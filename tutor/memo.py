"""Bounded caches for what is computed once per process and reused (docs/speed.md).

Pure Python, so that the engine's presenters (``tutor.table``) may use it without Django.
:class:`LRU` keeps at most ``items`` entries and ``size`` units (the caller weighs each
entry, in bytes for text), dropping the least recently used first, and is safe across
a process's threads. Every cache is registered in :data:`CACHES`, so that
``tutor.caching.restart`` empties them all as a new process would start. :func:`freeze`
turns the plain values a template is given (dicts, lists, strings, numbers) into a key.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

CACHES: list[LRU] = []
_MISSING = object()


class LRU:
    def __init__(self, items: int, size: int = 0):
        self.items, self.size = items, size
        self._data: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()
        CACHES.append(self)

    def get(self, key: Hashable, default=None):
        with self._lock:
            found = self._data.get(key, _MISSING)
            if found is _MISSING:
                return default
            self._data.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: object, weight: int = 0) -> None:
        if self.size and weight > self.size // 4:
            return  # one entry may not push out most of the others
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            self._data[key] = (value, weight)
            self._weight += weight
            while len(self._data) > self.items or (self.size and self._weight > self.size):
                _key, (_value, dropped) = self._data.popitem(last=False)
                self._weight -= dropped

    def get_or_make(self, key: Hashable, make: Callable[[], object], weigh=None):
        """The value under ``key``; made (outside the lock, so a slow one blocks no other
        thread) and kept when missing."""
        value = self.get(key, _MISSING)
        if value is _MISSING:
            value = make()
            self.put(key, value, weigh(value) if weigh else 0)
        return value

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._weight = 0

    def __len__(self) -> int:
        return len(self._data)


def memo(items: int):
    """Caches a function of hashable arguments in an :class:`LRU` of ``items`` entries. Its
    values are shared by every caller: only for values nobody changes (text, tuples) or
    that the caller copies."""

    def wrap(function):
        cache = LRU(items)

        @functools.wraps(function)
        def cached(*args):
            return cache.get_or_make(args, lambda: function(*args))

        cached.cache = cache
        return cached

    return wrap


class Kept(dict):
    """A dict a cache shares, with its :func:`freeze` key made once: it must never change."""

    __slots__ = ("key",)


def kept(value: object) -> object:
    """``value`` with every dict in it made :class:`Kept`, for a cache to share: drawing it
    again then costs no walk through it to make its key."""
    if isinstance(value, dict) and type(value) is not Kept:
        shared = Kept((k, kept(v)) for k, v in value.items())
        shared.key = freeze(dict(shared))
        return shared
    if isinstance(value, list):
        return [kept(v) for v in value]
    return value


def freeze(value: object) -> Hashable:
    """A key for plain values: equal values, equal keys; dicts, lists and sets of any depth.
    Text is kept with its type's name, so that a string marked safe for HTML and the same
    string to escape give different keys (plain text is its own key: no other value's key
    is text). The exact types come first: keys are made for every drawing looked up."""
    kind = type(value)
    if kind is str:
        return value
    if kind is Kept:
        return value.key
    if kind is dict:
        return ("d", tuple([(k, freeze(v)) for k, v in value.items()]))
    if kind is list or kind is tuple:
        return ("l", tuple([freeze(v) for v in value]))
    if kind is int or value is None:
        return value
    if kind is bool:
        return ("b", value)  # True and 1 are equal keys otherwise
    if isinstance(value, dict):
        return ("d", tuple([(k, freeze(v)) for k, v in value.items()]))
    if isinstance(value, (list, tuple)):
        return ("l", tuple([freeze(v) for v in value]))
    if isinstance(value, (set, frozenset)):
        return ("s", tuple(sorted(freeze(v) for v in value)))
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        return (kind.__name__, str(value))
    # A lazy translation or any other object: its text, as a template would print it.
    return ("o", kind.__name__, str(value))
