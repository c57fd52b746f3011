"""Playing at a table: actions and the clock's holds. Each handler checks the request and hands
the table's runner (``server.tables.runner``) its command; the runner stores each action, pushes the new
views and plays the bots and the timeouts."""

from __future__ import annotations

from soupkitchen.server.tables.roster import TableRoster
from soupkitchen.shared.core import NOT_ALLOWED, RuleError
from soupkitchen.shared.wire import protocol


def illegal(err: RuleError) -> protocol.ProtocolError:
    """The rules' refusal as the answer to a request: its code and parameters, its English for the logs."""
    refusal = (err.refusal or NOT_ALLOWED).to_json()
    return protocol.ProtocolError(protocol.ILLEGAL, str(err) or "that move is not allowed now", refusal)


class PlayRequests:
    """The play requests, on the tables of a :class:`server.tables.roster.TableRoster`."""

    def __init__(self, roster: TableRoster) -> None:
        self.roster = roster

    async def act(self, sid: str, req: protocol.Act) -> protocol.ActReply:
        runner, seat = self.roster.seat_of(req.token, sid)
        if not runner.table.started:
            raise protocol.ProtocolError(protocol.NOT_STARTED, "the game at this table has not started yet")
        try:
            state_id = runner.act(seat, req.state_id, req.action)
        except RuleError as err:
            raise illegal(err) from None
        return {"ok": True, "state_id": state_id}

    async def resync(self, sid: str, req: protocol.Resync) -> protocol.Reply:
        """The connection's views of the table, whole (a client that missed a ``delta``)."""
        runner = self.roster.runner_of(req.table)
        if not runner.resync(sid):
            raise protocol.ProtocolError(
                protocol.BAD_TOKEN,
                "this connection holds no seat at that table "
                "and does not watch it; send resume or spectate "
                "first",
            )
        return {"ok": True}

    async def hold(self, sid: str, req: protocol.Hold) -> protocol.HoldReply:
        runner, seat = self.roster.seat_of(req.token, sid)
        table = runner.table
        if req.seat is not None and req.seat != seat:
            if seat != table.host_seat:
                raise protocol.ProtocolError(protocol.NOT_HOST, "only the host may end another player's hold")
            if req.on:
                raise protocol.ProtocolError(
                    protocol.BAD_REQUEST, "hold: a player holds the clock for their own seat only"
                )
            if req.seat >= table.players:
                raise protocol.ProtocolError(
                    protocol.BAD_REQUEST, f"hold: this table has seats 0-{table.players - 1}"
                )
            runner.end_hold_of(seat, req.seat)
        elif req.on:
            runner.hold(seat, sid)
        else:
            runner.release(seat)
        return {"ok": True, "paused": table.paused_at is not None}
