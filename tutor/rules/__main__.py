"""``python -m tutor.rules``: the engine's command line (see :mod:`tutor.rules.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
