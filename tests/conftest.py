"""Settings for the whole suite: a picture the client cannot find is an error, not a placeholder,
and the client speaks English whatever the machine's locale unless a test asks for a language (the
environment variables also reach the clients the tests start as processes).

With ``SOUPKITCHEN_MORE_GAMES`` naming a folder laid out as the project is (``shared/<game>/``,
``client/tables/<game>/``, ``tests/<game>/``), its games are found beside the four, and the suite runs
the tests that concern them only: every test of a game that the suite runs for each registered game,
every test marked ``every_game`` (it asks something of all of them at once) and the games' own tests
(``tests/client/test_adding_a_game.py`` runs it so on the game of docs/adding-a-game.md)."""

import os
import re
from pathlib import Path

import pytest

os.environ["SOUPKITCHEN_STRICT_ART"] = "1"
os.environ["LANGUAGE"] = "en"
MORE_GAMES = "SOUPKITCHEN_MORE_GAMES"


def more_games(folder: Path) -> list[str]:
    """Find the games of ``folder`` beside the project's own; their ids."""
    import soupkitchen.client.tables as client_tables
    import soupkitchen.shared as shared
    from soupkitchen.shared import registry

    shared.__path__.append(str(folder / "shared"))
    client_tables.__path__.append(str(folder / "client" / "tables"))
    registry.forget()
    packages = {path.name for path in (folder / "shared").iterdir()}
    return [
        entry.facts.id
        for entry in registry.registrations()
        if entry.rules.split(":")[0].split(".")[2] in packages
    ]


SCRATCH = Path(os.environ[MORE_GAMES]).resolve() if os.environ.get(MORE_GAMES) else None
SCRATCH_GAMES = more_games(SCRATCH) if SCRATCH is not None else []


def concerns_more_games(item) -> bool:
    """Whether a test is one the suite runs over the games of ``SOUPKITCHEN_MORE_GAMES``."""
    if SCRATCH in item.path.parents or item.get_closest_marker("every_game"):
        return True
    params = item.nodeid.partition("[")[2]  # a parametrized test's ids: "last-ladle-2"
    return any(re.search(rf"(?<![a-z]){re.escape(game)}(?![a-z])", params) for game in SCRATCH_GAMES)


def pytest_collection_modifyitems(config, items):
    """The long tests first (the packaging builds, then the rest marked slow), so that parallel
    workers do not end the run waiting on one of them started last; with more games, only the tests
    that concern them."""
    if SCRATCH is not None:
        kept = [item for item in items if concerns_more_games(item)]
        config.hook.pytest_deselected(items=[item for item in items if not concerns_more_games(item)])
        items[:] = kept

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
