"""The app's version: the checkout's commit, else ATOUT_VERSION, else "unknown"; read once at
start-up and never while a request waits."""

import subprocess
from pathlib import Path

import pytest

from tests.reports.test_admin import practice
from tutor.reports import version

ROOT = Path(version.__file__).resolve().parents[2]


def test_a_checkout_reads_its_commit():
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert version.read(ROOT, {"ATOUT_VERSION": "ignored"}) == commit
    assert commit == version.VERSION


def test_without_git_the_environment_names_it(tmp_path):
    assert version.read(tmp_path, {"ATOUT_VERSION": "2026.12\n"}) == "2026.12"
    assert version.read(tmp_path, {"ATOUT_VERSION": "x" * 100}) == "x" * 64
    assert version.read(tmp_path, {}) == "unknown"
    # A .git that git cannot read falls back the same way.
    (tmp_path / ".git").write_text("gitdir: /nowhere\n")
    assert version.read(tmp_path, {"ATOUT_VERSION": "v2"}) == "v2"


@pytest.mark.django_db
def test_a_request_never_reads_it_again(client, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the version is read per request")

    monkeypatch.setattr(version, "read", refuse)
    monkeypatch.setattr(subprocess, "run", refuse)
    report = practice(client, "pt")
    assert report.version == version.VERSION != "unknown"
