"""Real database servers for the tests, started and stopped by the tests themselves: PostgreSQL
and Redis from the distribution's packages, each in a temporary folder on a free port.

Where one is not installed the tests that need it are skipped with a sentence saying what to
install, except under SOUPKITCHEN_REQUIRE_SERVICES=1 (set by CI), where its absence is a failure.
PostgreSQL refuses to run as root, so as root it runs as the ``postgres`` user (or ``nobody``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

START_SECONDS = 60.0  # how long a server may take to start on a busy machine
ADMIN = "soupkitchen"  # the superuser the tests' cluster is made with


def required_or_skipped(what: str) -> None:
    """Skip, saying what to install; a failure where CI requires the real servers."""
    if os.environ.get("SOUPKITCHEN_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{what} (SOUPKITCHEN_REQUIRE_SERVICES=1)")
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_server(server, how: signal.Signals) -> None:
    """Stop a server the tests started (``process``, ``log``, ``folder``) and remove its folder."""
    if server.process.poll() is None:
        server.process.send_signal(how)
        try:
            server.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()
    server.log.close()
    shutil.rmtree(server.folder, ignore_errors=True)


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs: on the PATH, or Debian's newest version."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent  # the real folder, with pg_dump beside initdb
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: int(Path(path).parent.name))
    return Path(folders[-1]) if folders and (Path(folders[-1]) / "initdb").exists() else None


def _unprivileged() -> pwd.struct_passwd | None:
    """The user PostgreSQL runs as when the tests run as root (None: as the tests' own user)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    pytest.fail("the tests run as root and there is no postgres or nobody user to run PostgreSQL as")


class Postgres:
    """One PostgreSQL server of the tests' own; ``dsn(name)`` addresses one of its databases."""

    def __init__(self) -> None:
        binaries = postgres_bin()
        if binaries is None:
            required_or_skipped(
                "PostgreSQL is not installed: install it (Debian: apt install postgresql) "
                "to run the tests of the PostgreSQL store"
            )
        self.folder = Path(tempfile.mkdtemp(prefix="soupkitchen-pg-"))
        self.port = free_port()
        user = _unprivileged()
        owner = {} if user is None else {"user": user.pw_uid, "group": user.pw_gid}
        if user is not None:
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        data = self.folder / "data"
        subprocess.run(
            [
                str(binaries / "initdb"),
                "-D",
                str(data),
                "-U",
                ADMIN,
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            cwd=self.folder,
            check=True,
            capture_output=True,
            timeout=START_SECONDS,
            **owner,
        )
        self.log = open(self.folder / "log", "wb")  # noqa: SIM115 (closed by stop)
        self.command = [
            str(binaries / "postgres"),
            "-D",
            str(data),
            "-p",
            str(self.port),
            "-k",
            str(self.folder),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=off",
            "-c",
            "max_connections=50",
        ]
        self.owner = owner
        self._start()

    def _start(self) -> None:
        self.process = subprocess.Popen(
            self.command, cwd=self.folder, stdout=subprocess.DEVNULL, stderr=self.log, **self.owner
        )
        self._wait_until_it_answers()

    def halt(self) -> None:
        """Stop the server, keeping its databases (``start_again`` starts it on the same port)."""
        self.process.send_signal(signal.SIGINT)  # PostgreSQL's fast shutdown: every connection ended
        self.process.wait(timeout=START_SECONDS)

    def start_again(self) -> None:
        """Start the server ``halt`` stopped, with its databases, on the same port."""
        self._start()

    def freeze(self) -> None:
        """Stop every process of the server with SIGSTOP (``thaw`` lets them go on): a database that
        answers nothing and ends nothing, as one behind a network that drops every packet."""
        import psutil

        server = psutil.Process(self.process.pid)
        self.frozen = [server, *server.children(recursive=True)]
        for process in self.frozen:
            process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        for process in getattr(self, "frozen", []):
            process.send_signal(signal.SIGCONT)
        self.frozen = []

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://{ADMIN}@127.0.0.1:{self.port}/{database}"

    def _wait_until_it_answers(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                psycopg.connect(self.dsn(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = (self.folder / "log").read_text(errors="replace")[-2000:]
                    self.stop()
                    pytest.fail(f"PostgreSQL did not start: {log}")
                time.sleep(0.1)  # polling a starting server: real time is what it takes

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A new empty database for one test, dropped after it."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield self.dsn(name)
        finally:
            with psycopg.connect(self.dsn(), autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def cut_connections(self, dsn: str) -> None:
        """End every connection to ``dsn``'s database, as a database server restarting would."""
        name = dsn.rsplit("/", 1)[1]
        with psycopg.connect(self.dsn(), autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )

    def stop(self) -> None:
        stop_server(self, signal.SIGINT)  # PostgreSQL's fast shutdown


class Redis:
    """One Redis server of the tests' own, keeping nothing on disk; ``url`` addresses it."""

    def __init__(self, port: int | None = None) -> None:
        """On ``port`` (a free one by default): a Redis started again where one was stopped."""
        binary = shutil.which("redis-server")
        if binary is None:
            required_or_skipped(
                "Redis is not installed: install it (Debian: apt install redis-server) "
                "to run the tests of the node leases"
            )
        self.folder = Path(tempfile.mkdtemp(prefix="soupkitchen-redis-"))
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = open(self.folder / "log", "wb")  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            cwd=self.folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(
                    f"Redis did not start: {(self.folder / 'log').read_text(errors='replace')[-2000:]}"
                )
            time.sleep(0.1)  # polling a starting server: real time is what it takes

    def stop(self) -> None:
        stop_server(self, signal.SIGTERM)
