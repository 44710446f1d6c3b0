"""Production settings pass Django's deployment checklist."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def manage(*args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            "DJANGO_SETTINGS_MODULE": "tutor.settings",
            **env,
        },
        capture_output=True,
        text=True,
    )


def test_it_passes_check_deploy_with_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_DEBUG="0",
        SECRET_KEY="x" * 20 + "a-long-random-production-secret-key-0987654321",
        ALLOWED_HOSTS="atout.example.org",
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_it_refuses_to_start_in_production_without_a_secret_key():
    result = manage("check", DJANGO_DEBUG="0", SECRET_KEY="")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr
