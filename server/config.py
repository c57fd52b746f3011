"""Server settings and limits, with the defaults the CLI and the embedded server use."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def default_db_path() -> Path:
    """The database file in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("soupkitchen")) / "server.sqlite3"


BOT_JITTER_WITH_PEOPLE = (1.0, 1.5)
"""With a person at the table a bot's thinking time is the bot delay times its beats times a
factor drawn from this range (never sooner than the bot delay after the move before)."""
BOT_JITTER_BOTS_ONLY = (0.6, 1.4)
"""The same factor at a table of bots only."""


@dataclass
class ServerConfig:
    db_path: str | Path = ":memory:"
    postgres: str | None = (
        None  # a PostgreSQL database's address: the tables are kept there instead of db_path
    )
    redis: str | None = None  # a Redis server's address: this server is a node of a cluster (docs/cluster.md)
    public_address: str = (
        ""  # where clients reach this node (a cluster sends them here); "": where it listens
    )
    lease_seconds: float = 3.0  # a node's hold on its tables lasts this long unless its heartbeat renews it
    bot_delay: float = (
        1.2  # seconds of a beat of a bot's thinking: a bot waits its beats of it before it acts
    )
    bot_poll: float = 0.5  # how often a waiting bot is asked again while it has legal actions
    grace: float = 60.0  # seconds a disconnected player keeps a seat before a bot stands in
    timed_grace: float = 15.0  # the same while a round's clock runs towards a deadline (if shorter)
    ping_interval: float = 3.0  # seconds between the transport's pings to each client
    ping_timeout: float = 3.0  # seconds without an answer after which a connection is dead; with the
    # interval: a silent connection is found dead within ping_interval + 2 * ping_timeout (docs/protocol.md)
    max_tables: int = 2000
    max_seats: int = 8
    max_spectators: int = 64
    max_connections_per_address: int = 32  # socket.io connections one remote address holds at once (0: any)
    max_tables_per_address: int = 8  # open tables created from one remote address (0: any)
    max_message: int = 16_384  # bytes of JSON in one request
    max_http_buffer: int = 65_536  # bytes of one websocket message or polling body; beyond, the transport
    # drops the connection (a bound on what a request costs to read before it is refused as too large)
    rate: float = 30.0  # requests per second per connection, sustained
    burst: float = 60.0  # requests allowed at once
    address_rate: float = (
        120.0  # requests per second from one remote address, all its connections together (0: any)
    )
    address_burst: float = 240.0
    rate_penalty: float = 0.5  # seconds a connection over its rate waits for its ``rate_limited`` answer
    websocket_compression: bool = False  # answer a websocket's offer of permessage-deflate (see server.guard)
    max_backlog: int = 2000  # pushes queued for one connection before it is closed as not reading them
    handshake_timeout: float = 10.0  # seconds a session may stay open without a socket.io connection
    request_timeout: float = 5.0  # seconds a TCP connection may wait with no request in hand (from its
    # opening or the end of its last request); as many such connections per address as it may hold connections
    max_open_connections: int = 0  # TCP connections at once (0: as many as the open-file limit allows,
    descriptor_reserve: int = 128  # less this many descriptors kept for the database, the log and discovery)
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)  # browser origins that may connect
    trusted_proxies: tuple[str, ...] = field(default_factory=tuple)  # peers whose X-Forwarded-For is believed
    password_free_tries: int = 3  # wrong passwords per address and table before each try must wait
    password_lockout_after: int = 10  # wrong passwords per address and table before a lockout
    password_lockout: float = 300.0  # seconds the lockout lasts
    code_free_tries: int = 5  # wrong invite codes (or unknown table ids) one address may give at once,
    code_try_interval: float = 60.0  # then one more each this many seconds (docs/protocol.md: Invite codes)
    hold_limit: float = (
        30.0  # seconds a player who is neither the host nor at a shared screen may hold a round
    )
    table_hold_limit: float = 120.0  # seconds all holds at one table together may hold a round (0: no limit)
    emote_interval: float = 1.0  # seconds between two emotes of one seat
    nudge_after: float = 20.0  # seconds a person may sit on their turn while a round's clock runs before
    # their seat is reminded (a ``nudge`` push: words and a chime, never a move made for them; 0: never)
    lobby_idle: float = 600.0  # seconds a lobby no connection holds a seat of stays open (0: for ever)
    linger: float = 600.0  # seconds a finished table stays in memory (its record stays in the database)
    keep_days: float = 30.0  # days finished games and closed lobbies stay in the database (0: for ever)
    server_id: str = ""
    deal_seed: int | None = None  # every game deals from this seed (a local tour or test); None: a fresh one
    # each time. No request and no command-line flag sets it, so players on a shared server cannot.


# What ``soupkitchen-server --public`` sets instead of the defaults above, for a server anyone on
# the internet can reach (each can still be set by its own flag). Many players share one address
# behind a carrier's NAT, so the per-address limits stay above what one household needs: a client
# holds one connection (a couch of players too), and a host one or two tables.
PUBLIC_LIMITS: dict[str, float] = {
    "max_connections_per_address": 16,
    "max_tables_per_address": 4,
    "address_rate": 60.0,  # requests per second of all of an address's connections (bursts of twice as many)
    "lobby_idle": 300.0,
}
