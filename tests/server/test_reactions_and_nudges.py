"""Too Many Cooks at a real server: a person's emote during a round is a reaction the rules keep
(or refuse, with their reason, changing nothing), bots react to moves after a short delay and hold
up nobody's turn, and a person who sits on their turn while the round's clock runs is nudged once,
with nothing played for them. Real sockets, the server's clock moved by hand."""

from __future__ import annotations

from server_testkit import Client

from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.tables.scheduler import HandScheduler
from soupkitchen.shared.too_many_cooks.bot import Chef
from soupkitchen.shared.too_many_cooks.reactions import REACTION_SECONDS

ROTATE = {"type": "rotate", "line": "row", "index": 0, "step": 1}
PATIENCE = 60.0  # seconds of real time any wait may take at most: it only ends a run that is stuck


def tick(server: EmbeddedServer, seconds: float = 0.1, times: int = 1) -> None:
    for _ in range(times):
        server.scheduler.advance(seconds)


async def start_table(
    server: EmbeddedServer, seats: int, people: int
) -> tuple[list[Client], list[str], object]:
    """A table of ``seats`` Too Many Cooks chefs, the first ``people`` of them people, every chef
    ready: the round's clock runs."""
    clients = [await Client(server.url).connect() for _ in range(people)]
    made = await clients[0].ok(
        "create_table", {"game": "too-many-cooks", "options": {}, "seats": seats, "name": "Ann"}
    )
    tokens = [made["token"]]
    for number, client in enumerate(clients[1:], start=1):
        joined = await client.ok("join_table", {"table": made["table"]["id"], "name": f"Chef {number}"})
        await client.ok("ready", {"token": joined["token"], "on": True})
        tokens.append(joined["token"])
    await clients[0].ok("start", {"token": made["token"]})
    table = server.hub.tables[made["table"]["id"]]
    for client, token in zip(clients, tokens, strict=True):
        seat = tokens.index(token)
        if not table.state.ready[seat]:
            await client.ok("act", {"token": token, "state_id": table.state_id, "action": {"type": "ready"}})
    for _ in range(100):
        tick(server)
        if table.state.phase == "playing":
            break
    assert table.state.phase == "playing"
    return clients, tokens, table


async def test_a_persons_emote_in_a_round_is_a_reaction_the_rules_keep_or_refuse(tmp_path):
    server = EmbeddedServer(tmp_path / "react.sqlite3", bot_delay=0.4, scheduler=HandScheduler(), seed=2)
    await server.start()
    try:
        clients, tokens, table = await start_table(server, 2, 2)
        mover = table.state.turn
        other = 1 - mover
        await clients[other].error("emote", {"token": tokens[other], "emote": "fine"}, "illegal")  # no move
        before_move = table.state_id
        await clients[mover].ok("act", {"token": tokens[mover], "state_id": table.state_id, "action": ROTATE})
        after_move = table.state_id
        tick(server, 1.2)  # the emote interval
        await clients[other].ok("emote", {"token": tokens[other], "emote": "disgusting"})
        entry = table.record.log[-1]
        assert entry["seat"] == other
        assert entry["action"] == {"type": "react", "emote": "disgusting", "move": 1}
        for client in clients:
            await client.wait_for(
                lambda c=client: any(
                    event["type"] == "reacted" for state in c.states for event in state["events"]
                )
            )
            await client.wait_for(lambda c=client: c.emotes)
            assert client.emotes[-1] == {"table": table.id, "seat": other, "emote": "disgusting"}
            assert client.states[-1]["view"]["reactions"] == [{"seat": other, "emote": "disgusting"}]
        logged = len(table.record.log)
        tick(server, 1.2)
        refused = await clients[other].error("emote", {"token": tokens[other], "emote": "fine"}, "illegal")
        assert refused["error"]["refusal"]["code"] == "already_reacted"
        refused = await clients[mover].error(
            "emote", {"token": tokens[mover], "emote": "delicious"}, "illegal"
        )
        assert refused["error"]["refusal"]["code"] == "own_move"
        assert len(table.record.log) == logged  # a refusal changes nothing
        # the chef to move sent their move for the state before the reaction: it still holds
        turn = table.state.turn
        await clients[turn].ok("act", {"token": tokens[turn], "state_id": after_move, "action": ROTATE})
        # but a move sent for the state before a change of the soup is out of date
        turn = table.state.turn
        await clients[turn].error(
            "act", {"token": tokens[turn], "state_id": before_move, "action": ROTATE}, "stale_state"
        )
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_bots_react_to_a_persons_move_after_a_short_delay(tmp_path):
    server = EmbeddedServer(tmp_path / "bots.sqlite3", bot_delay=0.4, scheduler=HandScheduler(), seed=21)
    await server.start()
    try:
        clients, tokens, table = await start_table(server, 4, 1)
        ann = Chef(0, 5)  # Ann plays as a chef would, at once whenever she may
        moves = []
        for _ in range(6000):
            tick(server)
            if table.over or table.state.phase != "playing" or len(moves) >= 4:
                break
            if table.state.turn == 0 and table.game.legal_actions(table.state, 0):
                view = table.game.view(table.state, 0)
                action = ann.choose(view, 0.0)
                await clients[0].ok("act", {"token": tokens[0], "state_id": table.state_id, "action": action})
                if action["type"] in ("change", "rotate"):
                    moves.append(table.state.moves)
        made = [entry["t"] for entry in table.record.log if entry["action"]["type"] in ("change", "rotate")]
        reactions = [entry for entry in table.record.log if entry["action"]["type"] == "react"]
        assert reactions, "no bot made any noise"
        for entry in reactions:
            assert entry["seat"] != 0  # only the bots here
            after = entry["t"] - made[entry["action"]["move"] - 1]
            assert 0.4 - 1e-6 <= after <= REACTION_SECONDS  # a beat of the bot delay at least, never late
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_a_person_who_sits_on_their_turn_is_nudged_once_and_nothing_is_played_for_them(tmp_path):
    server = EmbeddedServer(tmp_path / "nudge.sqlite3", bot_delay=0.4, scheduler=HandScheduler(), seed=2)
    await server.start()
    try:
        clients, tokens, table = await start_table(server, 2, 1)
        ann = clients[0]
        for _ in range(400):  # the bot moves first if it is its turn
            if table.state.turn == 0:
                break
            tick(server)
        assert table.state.turn == 0
        logged = len([e for e in table.record.log if e["seat"] == 0])
        tick(server, 1.0, 18)
        await ann.settled()
        assert ann.nudges == []  # 18 s: not yet
        tick(server, 1.0, 3)
        await ann.wait_for(lambda: ann.nudges, timeout=PATIENCE)
        assert ann.nudges == [{"table": table.id, "seat": 0, "seconds": 20.0}]
        tick(server, 1.0, 40)
        await ann.settled()
        assert len(ann.nudges) == 1  # once a turn
        assert len([e for e in table.record.log if e["seat"] == 0]) == logged and table.state.turn == 0
        # a held clock counts nothing: the next turn's nudge waits for the clock
        await ann.ok(
            "act",
            {
                "token": tokens[0],
                "state_id": table.state_id,
                "action": table.game.legal_actions(table.state, 0)[0],
            },
        )
        for _ in range(400):
            if table.state.turn == 0:
                break
            tick(server)
        assert table.state.turn == 0
        await ann.ok("hold", {"token": tokens[0], "on": True})
        tick(server, 1.0, 25)
        await ann.settled()
        assert len(ann.nudges) == 1
        await ann.ok("hold", {"token": tokens[0], "on": False})
        tick(server, 1.0, 21)
        await ann.wait_for(lambda: len(ann.nudges) == 2, timeout=PATIENCE)
    finally:
        for client in clients:
            await client.close()
        await server.stop()
