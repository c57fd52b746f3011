"""Bot levels over a real socket: the host picks a level per bot seat; a bad level changes nothing."""

from __future__ import annotations

from server_testkit import Client


async def test_each_bot_seat_keeps_the_level_the_host_chose(clients, server):
    ann = await clients()
    created = await ann.ok("create_table", {"game": "too-many-cooks", "seats": 3, "name": "Ann"})
    host, tid = created["token"], created["table"]["id"]
    assert (await ann.ok("add_bot", {"token": host, "level": "hard"})) == {
        "ok": True,
        "seat": 1,
        "level": "hard",
    }
    assert (await ann.ok("add_bot", {"token": host}))["level"] == "normal"
    table = (await ann.ok("list_tables", {}))["tables"][0]
    assert [seat["level"] for seat in table["seats"]] == [None, "hard", "normal"]
    assert "bot_levels" not in table["settings"]
    await ann.ok("remove_bot", {"token": host, "seat": 1})
    await ann.ok("add_bot", {"token": host, "seat": 1, "level": "easy"})
    await ann.ok("start", {"token": host})
    bots = server.hub.roster.runners[tid].bots
    assert (bots[1].level, bots[2].level) == ("easy", "normal")


async def test_a_bad_level_is_refused_and_changes_nothing(clients):
    ann = await clients()
    created = await ann.ok("create_table", {"game": "too-many-cooks", "seats": 2, "name": "Ann"})
    host = created["token"]
    before = (await ann.ok("list_tables", {}))["tables"]
    for level in ("expert", "", 3, None, ["hard"], {"level": "hard"}, "HARD"):
        reply = await ann.error("add_bot", {"token": host, "level": level}, "bad_request")
        assert "level" in reply["error"]["message"]
    assert (await ann.ok("list_tables", {}))["tables"] == before


async def test_the_levels_survive_a_restart(servers, tmp_path):
    db = tmp_path / "levels.sqlite3"
    first = await servers(db=db)
    ann = await Client(first.url).connect()
    created = await ann.ok("create_table", {"game": "too-many-cooks", "seats": 3, "name": "Ann"})
    await ann.ok("add_bot", {"token": created["token"], "seat": 2, "level": "easy"})
    await ann.close()
    await first.stop()
    second = await servers(db=db)
    bob = await Client(second.url).connect()
    table = (await bob.ok("list_tables", {}))["tables"][0]
    await bob.close()
    assert [seat["level"] for seat in table["seats"]] == [None, None, "easy"]
