"""The seam between the tables and their sessions: the live session, a replay's and the tests' fake
each have every member a table reads (``client.tables.feed.TableFeed``). mypy checks the same
assignments below statically (``scripts/typecheck``, run by ``scripts/test``)."""

from __future__ import annotations

from soupkitchen.client.net.clock import SlewedOffset
from soupkitchen.client.net.session import TableSession
from soupkitchen.client.replay.player import ReplaySession
from soupkitchen.client.tables.feed import TableFeed
from soupkitchen.shared.playout import play, random_chooser
from soupkitchen.shared.registry import get_game
from soupkitchen.shared.replay import ReplayFile, Timeline
from tests.tables.fake_session import FakeSession


def live(session: TableSession) -> TableFeed:
    return session


def replayed(session: ReplaySession) -> TableFeed:
    return session


def faked(session: FakeSession) -> TableFeed:
    return session


MEMBERS = sorted(name for name in {*vars(TableFeed), *TableFeed.__annotations__} if not name.startswith("_"))


class Link:
    """The little of a connection a session reads before anything is sent."""

    connected = True

    def __init__(self) -> None:
        self.offset = SlewedOffset()
        self.sessions: dict[str, TableSession] = {}


def missing(session: object) -> list[str]:
    return [name for name in MEMBERS if not hasattr(session, name)]


def test_every_session_has_every_member_a_table_reads():
    game = get_game("stone-soup")
    outcome = play(game, 2, 3, random_chooser(3), options=game.normalise_options({}, 2))
    table = {
        "id": "t1",
        "game": "stone-soup",
        "seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Bo"}],
    }
    sessions = [
        TableSession(Link(), table, {0: "tok"}),  # a stand-in link
        ReplaySession(Timeline(ReplayFile(outcome.record))),
        FakeSession("too-many-cooks", players=2),
    ]
    assert {"listeners", "lobby_listeners", "back_listeners", "server_time", "act", "replaying"} <= set(
        MEMBERS
    )
    for session in sessions:
        assert missing(session) == [], type(session).__name__
        assert session.server_time(0.0) is None and session.replaying == isinstance(session, ReplaySession)
