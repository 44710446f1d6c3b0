"""Production settings pass Django's deployment checklist."""

import os
import re
import subprocess
import sys
from pathlib import Path

from django.contrib.staticfiles import finders

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


STATIC_TAG = re.compile(r"""\{% static ['"]([^'"]+)['"] %\}""")


def test_every_static_file_a_template_names_exists():
    """In production the manifest has no entry for a file that does not exist, and the page
    that names it fails with a 500 (under DEBUG it only 404s, so nothing else shows it)."""
    named = {
        (template.relative_to(ROOT), path)
        for template in (ROOT / "templates").rglob("*.html")
        for path in STATIC_TAG.findall(template.read_text(encoding="utf-8"))
    }
    assert len({path for _template, path in named}) > 10
    missing = sorted((str(template), path) for template, path in named if not finders.find(path))
    assert missing == []
