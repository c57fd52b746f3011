"""The two stores, SQLite and PostgreSQL (a real server the tests start), give the same answers:
tables, seats, action logs and clocks come back as they were stored, a second history of a table
cannot be written, and old games are purged."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from soupkitchen.server.storage.store import HistoryTaken, Store, StoreError, token_hash
from soupkitchen.shared.wire import protocol

NOW = 1_800_000_000.0


def row(table_id: str, **changes) -> dict:
    return {
        "id": table_id,
        "game": "stone-soup",
        "players": 3,
        "options": {"challenge_seconds": 7},
        "settings": {"listed": True, "names": ["Ada"]},
        "password": None,
        "host_seat": 0,
        "seed": 2**40 + 7,
        "started": False,
        "over": False,
        "closed": False,
        "created": NOW - 100,
        **changes,
    }


SEATS = [
    {"name": "Ada", "token_hash": token_hash("a"), "bot": False, "ready": True},
    {"name": None, "token_hash": None, "bot": True, "ready": True},
    {"name": None, "token_hash": None, "bot": False, "ready": False},
]


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    clock = {"now": NOW}
    if request.param == "sqlite":
        made = Store(tmp_path / "games.db", wall_clock=lambda: clock["now"])
    else:
        from soupkitchen.server.storage.store_pg import PostgresStore

        made = PostgresStore(request.getfixturevalue("postgres_dsn"), wall_clock=lambda: clock["now"])
    made.clock = clock
    yield made
    made.close()


def test_a_table_and_its_seats_come_back_as_they_were_stored(store):
    store.save_table(row("t1"), SEATS)
    store.save_table(row("t1", started=True), SEATS[:2])  # saved again: the seats are replaced
    loaded = store.load_table("t1")
    assert {key: loaded[key] for key in row("t1")} == row("t1", started=True)
    assert loaded["seats"] == SEATS[:2] and loaded["log"] == [] and loaded["clock"] is None
    assert store.load_table("nobody") is None


def test_the_log_comes_back_in_order_and_the_last_action_dates_the_finish(store):
    store.save_table(row("t1", started=True), SEATS)
    store.append_action("t1", 0, None, {"type": "deal"}, 0.0, over=False)
    store.append_action("t1", 1, 2, {"type": "play", "cards": {"potato": 2}}, 3.25, over=False)
    store.clock["now"] = NOW + 5
    store.append_action("t1", 2, 0, {"type": "challenge", "play": 1}, 9.5, over=True)
    loaded = store.load_table("t1")
    assert loaded["log"] == [
        {"seat": None, "action": {"type": "deal"}, "t": 0.0},
        {"seat": 2, "action": {"type": "play", "cards": {"potato": 2}}, "t": 3.25},
        {"seat": 0, "action": {"type": "challenge", "play": 1}, "t": 9.5},
    ]
    assert loaded["over"] and loaded["finished"] == NOW + 5


def test_a_second_history_of_a_table_is_refused_and_changes_nothing(store):
    store.save_table(row("t1", started=True), SEATS)
    store.append_action("t1", 0, 1, {"type": "salt"}, 1.0, over=False)
    with pytest.raises(HistoryTaken) as refused:
        store.append_action("t1", 0, 2, {"type": "play"}, 2.0, over=True)
    assert refused.value.code == protocol.STORAGE_FAILED and "played on elsewhere" in refused.value.message
    loaded = store.load_table("t1")
    assert loaded["log"] == [{"seat": 1, "action": {"type": "salt"}, "t": 1.0}] and not loaded["over"]
    store.append_action("t1", 1, 2, {"type": "play"}, 2.0, over=False)  # the next action is still taken
    assert len(store.load_table("t1")["log"]) == 2


def test_clocks_are_kept_and_updated(store):
    store.save_table(row("t1", started=True), SEATS)
    store.save_table(row("t2", started=True), SEATS)
    store.save_clocks({"t1": 12.5})
    store.save_clocks({"t1": 40.0, "t2": 3.25})
    assert (store.load_table("t1")["clock"], store.load_table("t2")["clock"]) == (40.0, 3.25)


def test_open_tables_finished_matches_and_the_purge(store):
    store.save_table(row("open"), SEATS)
    store.save_table(row("closed", closed=True, created=NOW - 10 * 86400), SEATS)
    store.save_table(row("done", started=True), SEATS)
    store.clock["now"] = NOW - 9 * 86400
    store.append_action("done", 0, 0, {"type": "salt"}, 1.0, over=True)
    assert [table["id"] for table in store.load_open_tables()] == ["open"]
    assert [table["id"] for table in store.load_open_tables(since=NOW - 9 * 86400)] == ["open", "done"]
    assert [(match["id"], match["names"]) for match in store.finished_matches()] == [
        ("done", ["Ada", "Bot 2", "Seat 3"])
    ]
    assert store.purge(before=NOW - 86400) == 2
    assert [table["id"] for table in store.load_open_tables(since=0)] == ["open"]
    assert store.load_table("done") is None and store.finished_matches() == []


def test_a_postgres_that_cannot_be_reached_is_named_in_one_sentence(postgres_server):
    from soupkitchen.server.storage.store_pg import PostgresStore

    with pytest.raises(StoreError) as refused:
        PostgresStore(f"postgresql://nobody:secret@127.0.0.1:{postgres_server.port + 1}/none")
    assert (
        refused.value.message.startswith("cannot use the database") and "secret" not in refused.value.message
    )


def test_a_lost_postgres_connection_refuses_one_change_cleanly_and_the_next_reconnects(
    postgres_server, postgres_dsn, caplog
):
    from soupkitchen.server.storage.store_pg import PostgresStore

    store = PostgresStore(postgres_dsn)
    store.save_table(row("t1", started=True), SEATS)
    postgres_server.cut_connections(postgres_dsn)
    with pytest.raises(StoreError) as refused:
        store.append_action("t1", 0, 1, {"type": "salt"}, 1.0, over=False)
    assert (
        refused.value.code == protocol.STORAGE_UNAVAILABLE and "nothing was changed" in refused.value.message
    )
    store.append_action("t1", 0, 1, {"type": "salt"}, 1.0, over=False)  # the same action, on a new connection
    assert store.load_table("t1")["log"] == [{"seat": 1, "action": {"type": "salt"}, "t": 1.0}]
    assert "can be written again" in caplog.text
    store.close()


def test_a_server_whose_postgres_cannot_be_reached_stops_with_one_sentence(postgres_server):
    address = f"postgresql://soup:secret@127.0.0.1:{postgres_server.port + 1}/none"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "soupkitchen.server",
            "--no-discovery",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--postgres",
            address,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done
    said = done.stderr.strip()
    assert said.startswith("soupkitchen-server: cannot use the database ") and len(said.splitlines()) == 1, (
        said
    )
    assert "secret" not in said and "Traceback" not in done.stderr + done.stdout


def test_nodes_starting_at_once_on_a_new_postgres_database_all_start(postgres_dsn):
    """Several servers making the tables of one new database at the same moment (a cluster's nodes
    started together) all start."""
    from concurrent.futures import ThreadPoolExecutor

    from soupkitchen.server.storage.store_pg import PostgresStore

    start = threading.Barrier(6)

    def open_one() -> None:
        start.wait()
        PostgresStore(postgres_dsn).close()

    with ThreadPoolExecutor(6) as pool:
        for opened in [pool.submit(open_one) for _ in range(6)]:
            opened.result()
