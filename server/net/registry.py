"""Who is connected, the seats' tokens, and what each remote address may still do (connections,
request rate, tables it created). Knows no table's inside and no game: which seats a connection
holds and which tables it watches, its tables know."""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from soupkitchen.server.config import ServerConfig
from soupkitchen.server.storage.store import token_hash
from soupkitchen.shared.wire import protocol


@dataclass
class Bucket:
    """A token bucket: ``rate`` requests per second, ``burst`` at once."""

    allowance: float
    checked: float

    def refill(self, now: float, rate: float, burst: float) -> float:
        """The requests allowed at ``now``."""
        self.allowance = min(burst, self.allowance + (now - self.checked) * rate)
        self.checked = now
        return self.allowance


@dataclass
class PasswordTries:
    """Wrong passwords given for one table from one address."""

    failures: int = 0
    wait_until: float = float("-inf")  # monotonic time before which no try is checked
    checking: bool = False  # a try is being checked now


@dataclass
class Connection:
    """One socket.io connection: where it comes from, whether it said hello, and its request rate."""

    address: str = ""  # the remote address (per-address limits)
    session: str = ""  # the Engine.IO session it runs over
    hello: bool = False
    deltas: bool = False  # it said in its hello that it applies ``delta`` pushes
    bucket: Bucket = field(default_factory=lambda: Bucket(0.0, 0.0))
    tables: set[str] = field(default_factory=set)  # the tables it has held a seat at or watched


class Registry:
    """The connections, the seat tokens (by hash) and the per-address accounting."""

    def __init__(self, config: ServerConfig, clock: Callable[[], float]) -> None:
        self.config = config
        self.clock = clock
        self.conns: dict[str, Connection] = {}
        self.tokens: dict[str, tuple[str, int]] = {}  # token hash -> (table id, seat)
        self.creators: dict[str, str] = {}  # table id -> remote address that created it
        self.address_buckets: dict[str, Bucket] = {}  # remote address -> its requests' token bucket
        self.password_tries: dict[tuple[str, str], PasswordTries] = {}  # (address, table id) -> failures
        self.guesses: dict[str, Bucket] = {}  # guesser (guesser_of) -> tables it may still look for in vain

    def takes_deltas(self, sid: str) -> bool:
        """Whether the connection said in its hello that it applies ``delta`` pushes."""
        conn = self.conns.get(sid)
        return conn is not None and conn.deltas

    def present(self, sid: str, table_id: str) -> None:
        """The connection holds a seat at the table or watches it (its disconnect is the table's news)."""
        conn = self.conns.get(sid)
        if conn is not None:
            conn.tables.add(table_id)

    def connect(self, sid: str, address: str = "", session: str = "") -> None:
        """Admit a connection from remote ``address`` (over Engine.IO ``session``); ProtocolError(limit)
        if that address already holds as many connections as it may."""
        most = self.config.max_connections_per_address
        if most and sum(conn.address == address for conn in self.conns.values()) >= most:
            raise protocol.ProtocolError(
                protocol.LIMIT,
                f"this computer ({address}) already has {most} "
                "connections to the server; close one and try again",
            )
        self.conns[sid] = Connection(
            address=address, session=session, bucket=Bucket(self.config.burst, self.clock())
        )

    def allow(self, sid: str) -> bool:
        """One request more from this connection, within its own rate and its address's (all the
        address's connections together)."""
        conn = self.conns.get(sid)
        if conn is None:
            return False
        now, config = self.clock(), self.config
        if conn.bucket.refill(now, config.rate, config.burst) < 1:
            return False
        if config.address_rate > 0:
            # an address may always go as fast as one connection may
            rate, burst = max(config.address_rate, config.rate), max(config.address_burst, config.burst)
            if len(self.address_buckets) > 2 * len(self.conns) + 64:  # a full bucket is as good as a new one
                self.address_buckets = {
                    a: b for a, b in self.address_buckets.items() if b.refill(now, rate, burst) < burst
                }
            shared = self.address_buckets.setdefault(conn.address, Bucket(burst, now))
            if shared.refill(now, rate, burst) < 1:
                return False
            shared.allowance -= 1
        conn.bucket.allowance -= 1
        return True

    def may_look_up(self, address: str) -> None:
        """ProtocolError(rate_limited) if ``address`` has looked for as many tables that are not
        there (a wrong code, an unknown table id) as it may for now (``code_free_tries`` at once, then
        one every ``code_try_interval`` seconds)."""
        bucket = self.guesses.get(guesser_of(address))
        interval = self.config.code_try_interval
        if bucket is not None and bucket.refill(self.clock(), 1 / interval, self.config.code_free_tries) < 1:
            wait = math.ceil((1 - bucket.allowance) * interval)
            raise protocol.ProtocolError(
                protocol.RATE_LIMITED,
                f"too many codes or tables that are not there from this computer; try again in {wait} s",
            )

    def looked_in_vain(self, address: str) -> None:
        """``address`` named a table that is not there: one try less until the allowance refills."""
        now, free, rate = self.clock(), self.config.code_free_tries, 1 / self.config.code_try_interval
        if len(self.guesses) > 1000:  # a full allowance is as good as none
            self.guesses = {
                key: bucket for key, bucket in self.guesses.items() if bucket.refill(now, rate, free) < free
            }
        bucket = self.guesses.setdefault(guesser_of(address), Bucket(float(free), now))
        bucket.refill(now, rate, free)
        bucket.allowance -= 1

    def seat_named(self, token: str) -> tuple[str, int] | None:
        """The (table id, seat) a seat token names, if any."""
        return self.tokens.get(token_hash(token))

    def give(self, digest: str, table_id: str, seat: int) -> None:
        """A seat token now names this seat."""
        self.tokens[digest] = (table_id, seat)

    def forget(self, digest: str) -> None:
        """A seat token stops working."""
        self.tokens.pop(digest, None)

    def created_from(self, address: str) -> list[str]:
        """The ids of the tables connections from ``address`` created (still in memory)."""
        return [table_id for table_id, creator in self.creators.items() if creator == address]

    def forget_table(self, table_id: str) -> None:
        """The table is gone: who created it and the passwords tried at it no longer count."""
        self.creators.pop(table_id, None)
        for key in [key for key in self.password_tries if key[1] == table_id]:
            del self.password_tries[key]

    def forget_old_tries(self) -> None:
        """Drop the failures whose wait ended a lockout ago (they would start afresh anyway)."""
        if len(self.password_tries) > 1000:
            old = self.clock() - self.config.password_lockout
            self.password_tries = {
                key: tries
                for key, tries in self.password_tries.items()
                if tries.checking or tries.wait_until > old
            }


def guesser_of(address: str) -> str:
    """Whose tries a lookup counts against: the IPv4 address, or the /64 network of an IPv6 one (a
    single machine may be given a whole /64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else address
