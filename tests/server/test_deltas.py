"""Per-seat deltas: a connection that says ``deltas`` in its hello gets each seat's first view whole
and then what changed in it (a JSON Patch on the view it holds), which it turns into exactly the
view a connection without deltas gets whole; a missed one is asked for again (``resync``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import jsonpatch
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_testkit import LOOPS

from soupkitchen.server.net.deltas import WHOLE, json_patch, view_parts, view_patch
from soupkitchen.shared.registry import get_game

ON_BOTH_LOOPS = pytest.mark.asyncio(loop_factories=LOOPS)  # the server on asyncio's loop and on uvloop
KEYS = st.sampled_from(["a", "b", "soup", "a/b", "~0", "", "legal_actions", "0"])
LEAVES = st.none() | st.integers(-5, 5) | st.text(max_size=3)  # no bools next to ints: see server.deltas
DOCS = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


def same_json(a, b) -> bool:
    return orjson.dumps(a, option=orjson.OPT_SORT_KEYS) == orjson.dumps(b, option=orjson.OPT_SORT_KEYS)


@given(DOCS, DOCS)
@settings(max_examples=400, deadline=None)
def test_a_patch_turns_the_old_document_into_the_new_one(old, new):
    patched = jsonpatch.apply_patch(orjson.loads(orjson.dumps(old)), json_patch(old, new))
    assert same_json(patched, new)


def test_a_view_that_did_not_change_gives_an_empty_patch_and_a_grown_list_its_new_items():
    assert json_patch({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []
    assert json_patch({"log": [1, 2]}, {"log": [1, 2, 3, 4]}) == [
        {"op": "add", "path": "/log/-", "value": 3},
        {"op": "add", "path": "/log/-", "value": 4},
    ]
    assert json_patch({"turn": 0, "legal_actions": []}, {"turn": 1, "legal_actions": [{"type": "pass"}]}) == [
        {"op": "replace", "path": "/turn", "value": 1},
        {"op": "replace", "path": "/legal_actions", "value": [{"type": "pass"}]},
    ]


def too_many_cooks_views(seed: int) -> Iterator[dict[Any, dict]]:
    """Every audience's view of a Too Many Cooks game (seats and spectators): at the start, then after
    each of up to 150 random moves."""
    game = get_game("too-many-cooks")
    state = game.setup(4, game.normalise_options({"mode": "all-day"}, 4), seed)
    rng = random.Random(seed)
    yield {audience: game.view(state, audience) for audience in (0, 1, 2, 3, None)}
    for step in range(150):
        active = game.active_seats(state)
        if not active:
            return
        seat = rng.choice(active)
        state, _ = game.apply(state, seat, rng.choice(game.list_moves(state, seat)), float(step))
        yield {audience: game.view(state, audience) for audience in (0, 1, 2, 3, None)}


def test_every_seat_of_a_too_many_cooks_game_follows_its_views_by_patches():
    games = too_many_cooks_views(3)
    sent = next(games)
    held = {audience: orjson.loads(orjson.dumps(view)) for audience, view in sent.items()}
    for views in games:
        for audience, view in views.items():
            held[audience] = jsonpatch.apply_patch(held[audience], json_patch(sent[audience], view))
            assert same_json(held[audience], view)
        sent = views


@given(st.dictionaries(KEYS, DOCS, max_size=5), st.dictionaries(KEYS, DOCS, max_size=5))
@settings(max_examples=400, deadline=None)
def test_a_view_kept_field_by_field_patches_as_the_whole_view_does(old, new):
    """The same operations as ``json_patch`` on the whole views, but a changed ``WHOLE`` field
    replaced whole."""
    patch = view_patch(view_parts(old), new, view_parts(new))
    assert same_json(jsonpatch.apply_patch(orjson.loads(orjson.dumps(old)), patch), new)
    top = lambda op: op["path"].split("/")[1]  # noqa: E731
    whole_views = json_patch(old, new)
    assert [op for op in patch if top(op) not in WHOLE] == [op for op in whole_views if top(op) not in WHOLE]
    assert all(
        op["op"] in ("add", "replace", "remove") and op["path"].count("/") == 1
        for op in patch
        if top(op) in WHOLE
    )


def test_every_seat_of_a_too_many_cooks_game_follows_its_views_kept_field_by_field():
    games = too_many_cooks_views(5)
    first = next(games)
    held = {audience: orjson.loads(orjson.dumps(view)) for audience, view in first.items()}
    kept = {audience: view_parts(view) for audience, view in first.items()}
    for views in games:
        known: dict = {}  # each field's change walked once for every seat that sees it
        for audience, view in views.items():
            now = view_parts(view)
            patch = view_patch(kept[audience], view, now, known)
            held[audience] = jsonpatch.apply_patch(held[audience], patch)
            kept[audience] = now
            assert same_json(held[audience], view)


@ON_BOTH_LOOPS
async def test_deltas_give_each_connection_the_views_whole_views_give(clients):
    """Seat 0 is held by a connection with deltas and one without; the table is watched by one of
    each; a bot plays seat 1. Every view each one ends with is the one the others have whole."""
    host = await clients(deltas=True)
    created = await host.ok(
        "create_table",
        {"game": "pepper", "seats": 2, "name": "Ann", "options": {"moves": 12, "turn_seconds": 60}},
    )
    table, token = created["table"]["id"], created["token"]
    plain = await clients()
    await plain.ok("resume", {"token": token})
    watching, watching_plain = await clients(deltas=True), await clients()
    await watching.ok("spectate", {"table": table})
    await watching_plain.ok("spectate", {"table": table})
    await host.ok("add_bot", {"token": token, "seat": 1})
    await host.ok("start", {"token": token})
    everyone = (host, plain, watching, watching_plain)
    for _ in range(6):
        latest = await host.wait_for(
            lambda: (held := host.views().get(0)) and held[1]["legal_actions"] and held
        )
        await host.ok("act", {"token": token, "state_id": latest[0], "action": {"type": "add", "n": 2}})
        for client in everyone:
            await client.settled()
    for client in everyone:
        await client.wait_for(
            lambda client=client: client.views().get(None, client.views().get(0, (0,)))[0] >= 12
        )
    assert host.views()[0] == plain.views()[0] and watching.views()[None] == watching_plain.views()[None]
    assert host.views()[0][1]["over"] and watching.views()[None][1]["pot"] == host.views()[0][1]["pot"]
    assert host.patches and watching.patches and not plain.patches and not watching_plain.patches
    assert all(push["snapshot"] for push in host.states)  # after its first view, only deltas
    assert all(not patch["patch"] or patch["base"] < patch["state_id"] for patch in host.patches)


@ON_BOTH_LOOPS
async def test_resync_sends_the_connections_views_whole(clients):
    host = await clients(deltas=True)
    created = await host.ok(
        "create_table", {"game": "pepper", "seats": 2, "name": "Ann", "options": {"turn_seconds": 60}}
    )
    table, token = created["table"]["id"], created["token"]
    await host.ok("add_bot", {"token": token, "seat": 1})
    await host.ok("start", {"token": token})
    await host.wait_for(lambda: host.states)
    whole = len(host.states)
    await host.ok("resync", {"table": table})
    await host.wait_for(lambda: len(host.states) > whole)
    assert host.states[-1]["snapshot"] and host.states[-1]["seat"] == 0
    stranger = await clients(deltas=True)
    await stranger.error("resync", {"table": table}, "bad_token")
    await stranger.error("resync", {"table": "no-such-table"}, "unknown_table")
    await stranger.error("resync", {"table": table, "seat": 0}, "bad_request")


@ON_BOTH_LOOPS
async def test_a_hello_says_whether_deltas_come(clients):
    with_deltas, without = await clients(deltas=True), await clients()
    assert (await with_deltas.ok("hello", {"protocol": 1, "deltas": True}))["deltas"] is True
    assert (await without.ok("hello", {"protocol": 1}))["deltas"] is False
    await without.error("hello", {"protocol": 1, "deltas": "yes"}, "bad_request")
