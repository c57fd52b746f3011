"""Settings for the whole suite: a picture the client cannot find is an error, not a placeholder,
and the client speaks English whatever the machine's locale unless a test asks for a language (the
environment variables also reach the clients the tests start as processes)."""

import os

import pytest

os.environ["SOUPKITCHEN_STRICT_ART"] = "1"
os.environ["LANGUAGE"] = "en"


def pytest_collection_modifyitems(items):
    """The long tests first (the packaging builds, then the rest marked slow), so that parallel
    workers do not end the run waiting on one of them started last."""
    def rank(item):
        if "packaging" in item.path.parts:
            return 0
        return 1 if item.get_closest_marker("slow") else 2
    items.sort(key=rank)


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of the tests' own, for this test process (see tests/services.py)."""
    from tests.services import Postgres

    server = Postgres()
    yield server
    server.stop()


@pytest.fixture
def postgres_dsn(postgres_server):
    """The address of a new, empty PostgreSQL database, dropped after the test."""
    with postgres_server.database() as dsn:
        yield dsn


@pytest.fixture(scope="session")
def redis_server():
    """A Redis server of the tests' own, for this test process (see tests/services.py)."""
    from tests.services import Redis

    server = Redis()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def catalogs():
    """The word catalogs compiled (as scripts/test does first), for a test that speaks German or
    Lithuanian when pytest is run by itself; each .mo is replaced whole, so parallel workers agree."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from soupkitchen.client import words

    for po in words.LOCALE_DIR.glob(f"*/LC_MESSAGES/{words.DOMAIN}.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as f:
                catalog = read_po(f)
            part = mo.with_suffix(f".{os.getpid()}.part")
            with part.open("wb") as f:
                write_mo(f, catalog)
            part.replace(mo)
    return words.available()
