"""Players' names through real sockets: normalised (NFKC, invisible characters removed wherever
they are), refused with a reason when they hold control or bidi characters, noncharacters or
nothing visible, and unique at a table ("Chef", then "Chef 2", a name that looks the same a number
too)."""

from __future__ import annotations

import sys

import pytest

from soupkitchen.shared.wire import protocol

REFUSED = {
    "\u202eevil": "reorder text",  # a right-to-left override
    "Ann\u2066": "reorder text",  # an isolate
    "\u200f\u200fBob": "reorder text",  # right-to-left marks
    "Bob\u202d": "reorder text",  # a left-to-right override
    "A\ufffeB": "noncharacters",  # U+FFFE
    "\uffffAnn": "noncharacters",
    "Cy\ufdd0": "noncharacters",
    "Dee\U0010ffff": "noncharacters",
    "\ufeff\U000e0041\U000e0042": "visible character",  # a BOM and tag characters only
    "A\x00B": "control characters",  # NUL
    "Line\nbreak": "control characters",
    "Para\u2029graph": "control characters",
    "\u200b\u200b\u200b": "visible character",  # zero-width spaces only
    "   \u3000 ": "visible character",  # spaces only
    "\u3164\u3164": "visible character",  # Hangul fillers, which draw nothing
    "": "at least 1 character",
    "x" * 33: "at most 32 characters",
}


@pytest.mark.parametrize("name", list(REFUSED))
async def test_a_name_that_cannot_be_shown_is_refused_with_its_reason_and_changes_nothing(
    server, clients, name
):
    ann = await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Ann"})
    before = server.hub.tables[created["table"]["id"]].summary()
    for event, payload in (
        ("create_table", {"game": "pepper", "seats": 2, "name": name}),
        ("join_table", {"table": created["table"]["id"], "name": name}),
    ):
        reply = await ann.error(event, payload, "bad_request")
        assert REFUSED[name] in reply["error"]["message"], reply
    assert server.hub.tables[created["table"]["id"]].summary() == before and len(server.hub.tables) == 1


async def test_names_are_normalised_and_unique_at_a_table(server, clients):
    ann, bob, cy, dee = [await clients() for _ in range(4)]
    created = await ann.ok("create_table", {"game": "pepper", "seats": 5, "name": "  Chef\u200b "})
    assert created["name"] == "Chef" and created["table"]["seats"][0]["name"] == "Chef"
    table_id = created["table"]["id"]
    second = await bob.ok("join_table", {"table": table_id, "name": "Chef"})
    assert second["name"] == "Chef 2" and second["table"]["seats"][1]["name"] == "Chef 2"
    third = await cy.ok("join_table", {"table": table_id, "name": "ＣＨＥＦ"})  # NFKC, then a number too
    assert third["name"] == "CHEF 3"
    fourth = await dee.ok("join_table", {"table": table_id, "name": "Ame\u0301lie"})  # composed to NFC
    assert fourth["name"] == "Amélie" and len(fourth["name"]) == 6
    names = [seat["name"] for seat in (await ann.ok("list_tables", {}))["tables"][0]["seats"]]
    assert names == ["Chef", "Chef 2", "CHEF 3", "Amélie", None]
    await bob.ok("leave", {"token": second["token"]})  # a name that left is free again
    again = await bob.ok("join_table", {"table": table_id, "name": "Chef"})
    assert again["name"] == "Chef 2"


def test_a_long_name_keeps_its_number_within_the_limit():
    long = "N" * protocol.NAME_LENGTH
    assert protocol.unique_name(long, [long]) == "N" * (protocol.NAME_LENGTH - 2) + " 2"
    taken = ["Chef", "Chef 2", "chef 3"]
    assert protocol.unique_name("Chef", taken) == "Chef 4"
    assert protocol.unique_name("Chef", ["Bob"]) == "Chef"


@pytest.mark.parametrize(
    "name, kept",
    [
        ("\u0421hef", "\u0421hef 2"),  # a Cyrillic С
        ("\u0421\u041d\u0415F", "\u0421\u041d\u0415F 2"),  # Cyrillic С, Н, Е: "CHEF" to the eye
        ("C\u200bh\u200de\ufefff", "Chef 2"),  # zero-width characters and a BOM within, removed
        ("Che\U000e0041f", "Chef 2"),  # a tag character (invisible, carries hidden text), removed
        ("\U0001d402hef", "Chef 2"),  # MATHEMATICAL BOLD CAPITAL C: NFKC
        ("Chef", "Chef 2"),
        ("Chief", "Chief"),  # a name of its own
        ("Chef \U0001f468\u200d\U0001f373", "Chef \U0001f468\u200d\U0001f373"),  # 👨‍🍳: its joiner stays
        ("Chef \U0001f44d\U0001f3fd\u200d\U0001f373", "Chef \U0001f44d\U0001f3fd\u200d\U0001f373"),
        ("Ch\u200def \U0001f373\u200d", "Chef \U0001f373"),  # joiners between letters, or at the end, go
    ],
)
async def test_a_name_that_looks_like_a_seated_one_gets_a_number(server, clients, name, kept):
    ann, bob = await clients(), await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": 3, "name": "Chef"})
    joined = await bob.ok("join_table", {"table": created["table"]["id"], "name": name})
    assert joined["name"] == kept and joined["table"]["seats"][1]["name"] == kept


def test_lookalikes_share_a_key_and_others_do_not():
    for one, other in [
        ("Bill", "BiII"),
        ("Bill", "Bi11"),
        ("Bill", "bill"),
        ("Bill", "ＢＩＬＬ"),
        ("CHEF", "СНЕF"),
    ]:
        assert protocol.name_keys(one) & protocol.name_keys(other), (one, other)
    names = ("Ann", "Amélie", "Jürgen", "Юрий", "李雷", "Chef", "Chief")
    for index, one in enumerate(names):
        assert not any(protocol.name_keys(one) & protocol.name_keys(other) for other in names[index + 1 :]), (
            one
        )


async def test_another_client_sees_the_numbered_name(server, clients):
    ann, bob = await clients(), await clients()
    created = await ann.ok("create_table", {"game": "pepper", "seats": 2, "name": "Chef"})
    await bob.ok("join_table", {"table": created["table"]["id"], "name": "Chef"})
    await ann.wait_for(lambda: any(lobby["table"]["seats"][1]["name"] == "Chef 2" for lobby in ann.lobbies))


def test_without_the_confusables_table_names_are_told_apart_by_nfkc_and_case(monkeypatch, caplog):
    """A build without confusable_homoglyphs' data still seats everyone: "Chef" and "ＣＨＥＦ" are
    one name, a Cyrillic "Сhef" another, and the log says why."""
    monkeypatch.setitem(sys.modules, "confusable_homoglyphs", None)  # its import fails
    protocol._confusables.cache_clear()
    protocol._lookalike.cache_clear()
    try:
        assert protocol.unique_name("ＣＨＥＦ", ["Chef"]) == "ＣＨＥＦ 2"
        assert protocol.unique_name("\u0421hef", ["Chef"]) == "\u0421hef"
        assert "confusables could not be loaded" in caplog.text
    finally:
        protocol._confusables.cache_clear()
        protocol._lookalike.cache_clear()
