"""The running code's version: read once, when the app starts, never per request.

A checkout knows its commit (``git rev-parse HEAD``); a deployment without ``.git`` names it
in ``ATOUT_VERSION``; otherwise it is "unknown". A report carries the version of the page it
was made from, so a maintainer knows which code wrote the sentences the reader saw.
"""

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMIT = re.compile(r"[0-9a-f]{40}")


def read(root: Path = ROOT, environ=os.environ) -> str:
    """The commit of the checkout at ``root``, else ``ATOUT_VERSION``, else "unknown".

    >>> read(Path("/nonexistent"), {"ATOUT_VERSION": " v1.2 "})
    'v1.2'
    >>> read(Path("/nonexistent"), {})
    'unknown'
    """
    if (root / ".git").exists():
        try:
            done = subprocess.run(
                ["git", "rev-parse", "HEAD"],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=5,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            done = None
        if done is not None and COMMIT.fullmatch(done.stdout.strip()):
            return done.stdout.strip()
    # Printable and short: it goes into every report and the admin's pages.
    named = "".join(ch for ch in environ.get("ATOUT_VERSION", "") if ch.isprintable()).strip()
    return named[:64] or "unknown"


VERSION = read()
