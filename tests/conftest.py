"""Settings for the whole suite: a picture the client cannot find is an error, not a placeholder
(the environment variable also reaches the clients the tests start as processes)."""

import os

import pytest

os.environ["SOUPKITCHEN_STRICT_ART"] = "1"


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
