"""The production stack for the runs that need a real server (the fault test, the fuzz run,
the page benchmark): the command ``make serve`` runs, read from the Makefile so that they
never drift from it (gunicorn, uvicorn's worker class, ``tutor.asgi``; README, Production).
"""

import contextlib
import http.client
import os
import re
import shlex
import signal
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = re.compile(r"\btutor\.(wsgi|asgi)\b")
ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def serve_command(env: dict, **variables: object) -> str:
    """The last command of ``make serve`` (the server itself) with make's ``variables``
    (``PORT``, ``WORKERS``…), as make would run it."""
    printed = subprocess.run(
        ["make", "-s", "-n", "serve", *(f"{name}={value}" for name, value in variables.items())],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = [line for line in printed.splitlines() if line.strip()]
    if not lines or not ENTRY.search(lines[-1]):
        raise SystemExit(f"cannot find the server command in `make -n serve`:\n{printed}")
    return lines[-1]


class Server:
    """``make serve``'s server on ``port``, started as its own process group: ``pid`` is
    gunicorn's master, :meth:`kill` ends the master and its workers at once (a crash),
    :meth:`stop` asks the master to stop as an operator does (its workers get the graceful
    seconds)."""

    def __init__(self, env: dict, port: int, log: Path | None = None, **variables: object):
        self.env, self.port, self.log = env, port, log
        words = shlex.split(serve_command(env, PORT=port, **variables))
        self.command_env = dict(env)
        while words and ASSIGNMENT.match(words[0]):
            name, _sep, value = words.pop(0).partition("=")
            self.command_env[name] = value
        self.command = words
        self.process: subprocess.Popen | None = None

    def start(self, path: str = "/en/", seconds: float = 60) -> None:
        output = self.log.open("a") if self.log else None
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.command_env,
            stdout=output,
            stderr=subprocess.STDOUT if output else None,
            start_new_session=True,
        )
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at once ({self.process.returncode})")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", path)
                if connection.getresponse().status < 500:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server on port {self.port} did not start")

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self, seconds: float = 30) -> None:
        """SIGTERM to gunicorn's master: a graceful stop."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: nothing finishes, nothing cleans."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        # The workers were in the group too; wait until none holds the port any more.
        for _attempt in range(100):
            if not _group_alive(self.process.pid):
                return
            time.sleep(0.1)


def _group_alive(group: int) -> bool:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == group:
                    return True
            except (ProcessLookupError, PermissionError):
                continue
    return False
