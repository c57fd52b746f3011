"""Invite codes over a real socket: every table has one, only those at the table are told it, a
code-only table is found by its code alone, a wrong code says so and nothing more, and guessing
is held to a few tries a minute per address (the figures of docs/protocol.md are checked here)."""

from __future__ import annotations

import re

import pytest
from server_testkit import Client, fetch_json

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.net.registry import guesser_of
from soupkitchen.shared.wire import codes

CODE = re.compile(r"^[A-Z]{3,7}-\d{4}-\d{4}$")


class Clock:
    """The server's monotonic clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def table_of(client: Client, **settings) -> dict:
    return await client.ok(
        "create_table", {"game": "pepper", "seats": 3, "name": "Ann", "settings": settings or None}
    )


def test_the_code_space_makes_guessing_hopeless_at_the_servers_limits():
    """The figures of docs/protocol.md (Invite codes), from the word list and the server's limits."""
    config = ServerConfig()
    assert len(codes.WORDS) == len(set(codes.WORDS)) == 256
    assert all(word.isalpha() and word.isupper() and 3 <= len(word) <= 7 for word in codes.WORDS)
    assert codes.SPACE == 256 * 10**8
    per_day = config.code_free_tries + 86_400 / config.code_try_interval
    years = codes.SPACE / config.max_tables / per_day / 365.25
    print(
        f"codes={codes.SPACE:.3g} tables={config.max_tables} guesses_per_address_per_day={per_day:.0f} "
        f"expected_years_to_find_one={years:.1f}"
    )
    assert years > 20
    assert codes.normalise("peas 4821 7730") == codes.normalise("PEAS48217730") == "PEAS-4821-7730"
    assert codes.normalise("pear-4821-7730") is None and codes.normalise("PEAS-482-7730") is None


async def test_a_code_with_other_scripts_digits_is_no_code_and_no_lookup(clients):
    """ASCII digits only: Arabic-Indic, Devanagari or full-width digits are refused as no code could
    hold them (not looked up, not counted as a guess), never folded into another code."""
    ann, eve = await clients(), await clients()
    code = (await table_of(ann))["table"]["code"]
    word, first, second = code.split("-")
    arabic = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    devanagari = str.maketrans("0123456789", "०१२३४५६७८९")
    wide = str.maketrans("0123456789", "０１２３４５６７８９")
    for spelling in (
        f"{word}-{first.translate(arabic)}-{second}",
        f"{word} {first} {second.translate(devanagari)}",
        f"{word}{first.translate(wide)}{second.translate(wide)}",
        f"{word}-{first}-{second}\u0663",
    ):
        assert codes.normalise(spelling) is None, spelling
        reply = await eve.error("find_table", {"code": spelling}, "bad_request")
        assert "a kitchen word and eight digits" in reply["error"]["message"]
    found = await eve.ok("find_table", {"code": code})  # not one of those counted against the address
    assert found["table"]["code"] == code


def test_ipv6_addresses_guess_per_network_of_64():
    assert guesser_of("2001:db8:1:2::5") == guesser_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert guesser_of("2001:db8:1:3::5") != guesser_of("2001:db8:1:2::5")
    assert guesser_of("203.0.113.9") == "203.0.113.9"


async def test_every_table_has_a_code_told_only_to_those_at_it(clients, server):
    ann, bob = await clients(), await clients()
    first, second = await table_of(ann), await table_of(ann)
    code = first["table"]["code"]
    assert CODE.match(code) and code != second["table"]["code"] and "code" not in first["table"]["settings"]
    listed = (await bob.ok("list_tables", {}))["tables"]
    assert {t["id"] for t in listed} == {first["table"]["id"], second["table"]["id"]}
    assert all(t["code"] is None for t in listed)
    for spelling in (code, code.lower().replace("-", " "), code.replace("-", "")):
        found = await bob.ok("find_table", {"code": spelling})
        assert found["table"]["id"] == first["table"]["id"] and found["table"]["code"] == code
    await bob.ok("join_table", {"table": first["table"]["id"], "name": "Bob"})
    pushed = await ann.wait_for(
        lambda: [lob for lob in ann.lobbies if lob["table"]["seats"][1]["name"] == "Bob"]
    )
    assert pushed[-1]["table"]["code"] == code
    for route in ("/healthz", "/metrics"):
        assert code not in str(await fetch_json(server.url + route))


async def test_a_code_only_table_is_found_by_its_code_alone(clients):
    ann, bob = await clients(), await clients()
    created = await table_of(ann, listed=False)
    table_id, code = created["table"]["id"], created["table"]["code"]
    assert created["table"]["settings"]["listed"] is False
    assert (await bob.ok("list_tables", {}))["tables"] == []
    found = await bob.ok("find_table", {"code": code})
    joined = await bob.ok("join_table", {"table": found["table"]["id"], "name": "Bob"})
    await bob.ok("ready", {"token": joined["token"], "on": True})
    # The host lists it after all: it shows, and nobody has to say ready again.
    await ann.ok("set_options", {"token": created["token"], "options": {}, "settings": {"listed": True}})
    listed = (await bob.ok("list_tables", {}))["tables"]
    assert [t["id"] for t in listed] == [table_id] and listed[0]["seats"][1]["ready"]
    await ann.ok("set_options", {"token": created["token"], "options": {}, "settings": {"listed": False}})
    assert (await bob.ok("list_tables", {}))["tables"] == []
    await bob.error(
        "set_options", {"token": joined["token"], "options": {}, "settings": {"listed": True}}, "not_host"
    )
    await ann.error(
        "set_options",
        {"token": created["token"], "options": {}, "settings": {"listed": "yes"}},
        "bad_request",
    )
    await ann.error(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "settings": {"code": code}},
        "bad_request",
    )


async def test_a_wrong_code_says_so_and_tells_nothing_of_the_tables(servers):
    server = await servers()
    ann, eve = await Client(server.url).connect(), await Client(server.url).connect()
    try:
        open_code = (await table_of(ann))["table"]["code"]
        closing = await table_of(ann)
        await ann.ok("leave", {"token": closing["token"]})  # its last player left: closed
        finishing = await ann.ok(
            "create_table", {"game": "pepper", "seats": 1, "name": "Ann", "options": {"moves": 1}}
        )
        await ann.ok("start", {"token": finishing["token"]})
        await ann.ok("act", {"token": finishing["token"], "state_id": 0, "action": {"type": "add", "n": 1}})
        assert server.hub.tables[finishing["table"]["id"]].over
        word = open_code.split("-")[0]
        never = next(f"{word}-{n:04d}-0000" for n in range(10_000) if f"{word}-{n:04d}-0000" != open_code)
        answers = []
        for gone in (closing["table"]["code"], finishing["table"]["code"], never):
            reply = await eve.error("find_table", {"code": gone}, "unknown_code")
            answers.append(reply["error"]["message"].replace(gone, "CODE"))
        assert len(set(answers)) == 1, answers
        assert all(table_id not in answers[0] for table_id in server.hub.tables)
        for malformed in ("PEAS", "THYME-1234-5678", "PEAS-1234-567", "", "x" * 64):
            if malformed:
                await eve.error("find_table", {"code": malformed}, "bad_request")
        for bad in (
            {"code": 12345678},
            {"code": ["PEAS"]},
            {},
            {"code": "PEAS-1", "table": "x"},
            {"code": "x" * 65},
        ):
            await eve.error("find_table", bad, "bad_request")
        assert (await eve.ok("find_table", {"code": open_code}))["table"]["code"] == open_code
    finally:
        await ann.close()
        await eve.close()


async def test_guessing_is_held_to_a_few_tries_a_minute_per_address(servers, connect):
    clock = Clock()
    server = await servers(clock=clock)
    host = await Client(server.url).connect()
    created = await table_of(host, listed=False)
    code, table_id = created["table"]["code"], created["table"]["id"]
    word = code.split("-")[0]
    wrong = [f"{word}-{n:04d}-{n:04d}" for n in range(20) if f"{word}-{n:04d}-{n:04d}" != code]
    guesser = await connect(server.url)
    try:
        free = server.config.code_free_tries
        for attempt in wrong[: free - 2]:
            await guesser.error("find_table", {"code": attempt}, "unknown_code")
        # an unknown table id counts as much as a wrong code, whichever request names it
        await guesser.error("join_table", {"table": "nosuchtable", "name": "Eve"}, "unknown_table")
        await guesser.error("spectate", {"table": "nosuchtable"}, "unknown_table")
        # the allowance is spent: even the right code and the real table id wait, changing nothing
        limited = await guesser.error("find_table", {"code": code}, "rate_limited")
        assert "try again in 60 s" in limited["error"]["message"]
        await guesser.error("join_table", {"table": table_id, "name": "Eve"}, "rate_limited")
        assert server.hub.tables[table_id].seats[1].empty
        # malformed codes were never lookups: they cost nothing, and are still answered
        await guesser.error("find_table", {"code": "PEAS"}, "bad_request")
        # another address is not held back, and the host's own seat works on
        other = await connect(server.url, local="127.0.0.2")
        await other.error("find_table", {"code": wrong[-1]}, "unknown_code")
        await host.ok("set_options", {"token": created["token"], "options": {}})
        # a minute later: one more try
        clock.now += server.config.code_try_interval
        await guesser.error("find_table", {"code": wrong[-2]}, "unknown_code")
        await guesser.error("find_table", {"code": code}, "rate_limited")
        clock.now += server.config.code_try_interval
        assert (await guesser.ok("find_table", {"code": code}))["table"]["id"] == table_id
    finally:
        await host.close()


async def test_a_code_survives_a_restart(servers, tmp_path):
    db = tmp_path / "kept.sqlite3"
    first = await servers(db=db)
    ann = await Client(first.url).connect()
    created = await table_of(ann, listed=False)
    await ann.close()
    await first.stop()
    again = await servers(db=db)
    bob = await Client(again.url).connect()
    try:
        found = await bob.ok("find_table", {"code": created["table"]["code"]})
        assert (
            found["table"]["id"] == created["table"]["id"] and found["table"]["settings"]["listed"] is False
        )
        assert (await bob.ok("list_tables", {}))["tables"] == []
    finally:
        await bob.close()


@pytest.mark.parametrize("seats", [2])
async def test_a_started_table_is_found_to_be_watched(clients, seats):
    ann, bob = await clients(), await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": seats, "name": "Ann"})
    await ann.ok("start", {"token": created["token"]})
    found = await bob.ok("find_table", {"code": created["table"]["code"]})
    assert found["table"]["started"]
    await bob.error("join_table", {"table": found["table"]["id"], "name": "Bob"}, "already_started")
    await bob.ok("spectate", {"table": found["table"]["id"]})
