"""makemessages that also extracts the engine's ``pgettext_noop`` words.

The rules engine cannot import Django, so it marks context-bound words (card
ranks, suits, seats) with its own ``pgettext_noop``; xgettext must be told.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=pgettext_noop:1c,2"]
