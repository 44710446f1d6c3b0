"""Questions asked to the command line as a separate process, as club software would."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ask_cli(command: str, questions: list[dict], *options: str) -> list[dict]:
    """One ``python -m tutor.rules`` process answering ``questions`` (JSON Lines) in order."""
    done = subprocess.run(
        [sys.executable, "-m", "tutor.rules", command, *options],
        input="\n".join(json.dumps(q) for q in questions) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(questions), done.stderr
    return answers
