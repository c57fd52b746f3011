"""soupkitchen-server: serve every registered game over socket.io on one aiohttp application."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from urllib.parse import urlsplit

from soupkitchen.server.config import PUBLIC_LIMITS, ServerConfig, default_db_path
from soupkitchen.server.embedded import EmbeddedServer
from soupkitchen.server.net.tls import CertificateError, server_context
from soupkitchen.server.storage.store import StoreError
from soupkitchen.shared.logs import EscapingFormatter
from soupkitchen.shared.wire.constants import DEFAULT_PORT

LOOPS = ("auto", "asyncio", "uvloop")  # the event loops --loop names
STOP_SECONDS = 8.0  # a SIGTERM stops the server within this (and the stop of the loop's tasks after it)


def whole_number(text: str) -> int:
    """A command-line count: a whole number, zero or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of zero or more")
    return value


def seconds(text: str) -> float:
    """A command-line duration: a number of seconds, zero or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds of zero or more")
    return value


def days(text: str) -> float:
    """A command-line number of days, zero or more."""
    try:
        return seconds(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of days of zero or more") from None


def origin(text: str) -> str:
    """A browser origin as browsers send it: http or https, a host, maybe a port, nothing more."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        parts = None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username
    ):
        raise argparse.ArgumentTypeError(f"{text!r} is not an origin such as http://192.168.1.20:8080")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def public_address(parser: argparse.ArgumentParser, text: str) -> str:
    """A node's address as clients reach it: http or https, a host and a port."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or port is None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username
    ):
        parser.error(f"--public-address {text!r} is not an address such as http://10.0.0.5:8765")
    return f"{parts.scheme}://{parts.netloc}"


def default_of(limit: str, config_name: str | None = None) -> str:
    """The help's words for a limit's default on the LAN and with --public."""
    name = config_name or limit
    lan = getattr(ServerConfig, name)
    public = PUBLIC_LIMITS.get(name, lan)
    shown = (f"{lan:g}", f"{public:g}")
    return f"default {shown[0]}" + (f"; {shown[1]} with --public" if public != lan else "")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soupkitchen-server",
        description="Serve Soup Kitchen tables on the LAN (socket.io over HTTP), "
        "or online with --public (over HTTPS).",
    )
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})"
    )
    parser.add_argument("--db", default=None, help=f"SQLite database file (default {default_db_path()})")
    parser.add_argument(
        "--postgres",
        metavar="ADDRESS",
        default=None,
        help="keep the tables in this PostgreSQL database instead, e.g. "
        "postgresql://soup@127.0.0.1:5432/soupkitchen (needs: pip install 'soupkitchen[cluster]')",
    )
    parser.add_argument(
        "--redis",
        metavar="ADDRESS",
        default=None,
        help="be one node of several serving the same tables: Redis at ADDRESS, e.g. "
        "redis://127.0.0.1:6379/0, holds which node serves each table (needs --postgres, "
        "the tables' one database; see docs/cluster.md)",
    )
    parser.add_argument(
        "--public-address",
        metavar="URL",
        default=None,
        help="with --redis: where clients reach this node, e.g. http://10.0.0.5:8765 (other "
        "nodes send clients there); default: --host and --port, if --host is one address",
    )
    parser.add_argument(
        "--lease-seconds",
        type=seconds,
        metavar="SECONDS",
        default=ServerConfig.lease_seconds,
        help="with --redis: how long a node's hold on its tables lasts unless its heartbeat "
        "renews it; a node that dies hands its tables on after at most this long, and one "
        "whose event loop falls this far behind may lose them (default %(default)s)",
    )
    parser.add_argument(
        "--public",
        action="store_true",
        help="a server on the internet: TLS (--cert and --key, or a --trusted-proxy that does TLS "
        "in front), no LAN discovery, and the stricter limits of a public server (each "
        "can still be set by its flag)",
    )
    parser.add_argument(
        "--cert", metavar="FILE", help="serve HTTPS with this certificate (PEM, with its chain)"
    )
    parser.add_argument(
        "--key", metavar="FILE", help="the certificate's private key (PEM, without a passphrase)"
    )
    parser.add_argument("--no-discovery", action="store_true", help="do not advertise on the LAN (zeroconf)")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=ServerConfig.bot_delay,
        help="seconds a bot waits before it acts (default %(default)s)",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=ServerConfig.grace,
        help="seconds a disconnected player keeps a seat before a bot stands in (default %(default)s)",
    )
    parser.add_argument(
        "--max-connections-per-address",
        type=whole_number,
        metavar="N",
        help="connections one remote address may hold at once; 0: no limit "
        f"({default_of('max_connections_per_address')})",
    )
    parser.add_argument(
        "--max-tables-per-address",
        type=whole_number,
        metavar="N",
        help="open tables one remote address may have created; 0: no limit "
        f"({default_of('max_tables_per_address')})",
    )
    parser.add_argument(
        "--max-requests-per-address",
        type=whole_number,
        metavar="N",
        help="requests per second one remote address may send over all its connections "
        f"(bursts of twice as many); 0: no limit ({default_of('address_rate')})",
    )
    parser.add_argument(
        "--lobby-idle",
        type=seconds,
        metavar="SECONDS",
        help="seconds a table that has not started stays open once no player is connected "
        f"to it; 0: for ever ({default_of('lobby_idle')})",
    )
    parser.add_argument(
        "--linger",
        type=seconds,
        metavar="SECONDS",
        default=ServerConfig.linger,
        help="seconds a finished game stays in memory for players who went away to come back "
        "and see its end (its replay stays in the database; default %(default)g)",
    )
    parser.add_argument(
        "--keep-days",
        type=days,
        metavar="DAYS",
        default=ServerConfig.keep_days,
        help="days finished games (their replays) and closed lobbies stay in the database; "
        "older ones are deleted at start and once a day; 0: keep them for ever "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of this server: for connections from ADDRESS the "
        "client's address is the last one in X-Forwarded-For (repeat for several; by "
        "default no forwarding header is believed)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        type=origin,
        metavar="ORIGIN",
        help="let web pages from ORIGIN (such as http://192.168.1.20:8080) talk to the server; "
        "repeat for several. By default a request that carries a browser's Origin is "
        "refused (the desktop client sends none)",
    )
    parser.add_argument(
        "--websocket-compression",
        action="store_true",
        help="compress websockets for the clients that offer it (permessage-deflate): "
        "fewer bytes on a slow uplink, for some 120-300 KB of the server's memory per "
        "connection (docs/protocol.md, Deltas). By default the server declines the offer",
    )
    parser.add_argument(
        "--loop",
        choices=LOOPS,
        default="auto",
        help="the event loop: uvloop (installed with the 'fast' extra), Python's own asyncio "
        "loop, or auto: uvloop where it is installed, else asyncio (default %(default)s)",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="log every HTTP request and socket event: connections, disconnects and each request "
        "(moves, resumes...) with its outcome",
    )
    args = parser.parse_args(argv)
    if (args.cert is None) != (args.key is None):
        parser.error("--cert and --key go together: the certificate and its private key")
    if args.public and args.cert is None and not args.trusted_proxy:
        parser.error(
            "--public serves over TLS: give --cert FILE --key FILE, or name the reverse proxy that "
            "does TLS in front of the server with --trusted-proxy ADDRESS"
        )
    if args.redis is not None:
        if args.postgres is None:
            parser.error(
                "--redis makes this server one node of several: they keep their tables in one "
                "PostgreSQL database, so give --postgres ADDRESS too"
            )
        if not args.redis.startswith(("redis://", "rediss://", "unix://")):
            parser.error(f"--redis {args.redis!r} is not a Redis address such as redis://127.0.0.1:6379/0")
        if args.public_address is None:
            if args.host in ("", "0.0.0.0", "::"):
                parser.error(
                    "a node listening on every address needs --public-address URL: where clients "
                    "reach it, e.g. http://10.0.0.5:8765"
                )
            args.public_address = f"{'https' if args.cert else 'http'}://{args.host}:{args.port}"
        else:
            args.public_address = public_address(parser, args.public_address)
        if args.lease_seconds < 1:
            parser.error(
                f"--lease-seconds {args.lease_seconds:g}: a lease of less than a second leaves no "
                "room for a heartbeat; give 1 or more"
            )
    elif args.public_address is not None:
        parser.error("--public-address goes with --redis: it says where a cluster's node answers")
    limits = PUBLIC_LIMITS if args.public else {}
    for flag, name, kind in (
        ("max_connections_per_address", "max_connections_per_address", int),
        ("max_tables_per_address", "max_tables_per_address", int),
        ("max_requests_per_address", "address_rate", int),
        ("lobby_idle", "lobby_idle", float),
    ):
        if getattr(args, flag) is None:  # not given: the default of a LAN server, or of a public one
            setattr(args, flag, kind(limits.get(name, getattr(ServerConfig, name))))
    args.no_discovery = args.no_discovery or args.public
    return args


def describe(args: argparse.Namespace, tls: bool) -> str:
    """What kind of server this is, in one line: where it is, its TLS and its limits per address."""
    kind = "a public server" if args.public else "a LAN server" if not args.no_discovery else "a server"
    secured = "over TLS" if tls else "TLS done by the proxy in front" if args.public else "without TLS"
    return (
        f"{kind}, {secured}; each address may hold {args.max_connections_per_address or 'any number of'} "
        f"connections, open {args.max_tables_per_address or 'any number of'} tables and send "
        f"{args.max_requests_per_address or 'any number of'} requests a second"
    )


def event_loop(choice: str) -> tuple[Callable[[], asyncio.AbstractEventLoop] | None, str]:
    """The factory of the event loop ``--loop`` asks for (None: asyncio's own) and its name;
    ValueError if it asks for uvloop and uvloop is not installed."""
    if choice in ("auto", "uvloop"):
        try:
            import uvloop
        except ImportError:
            if choice == "uvloop":
                raise ValueError(
                    "--loop uvloop: uvloop is not installed (pip install 'soupkitchen[fast]')"
                ) from None
        else:
            return uvloop.new_event_loop, f"uvloop {metadata.version('uvloop')}"
    return None, "asyncio"


async def serve(args: argparse.Namespace, loop_name: str = "asyncio") -> None:
    tls = server_context(args.cert, args.key) if args.cert is not None else None
    server = EmbeddedServer(
        args.db or default_db_path(),
        host=args.host,
        port=args.port,
        tls=tls,
        discovery=not args.no_discovery,
        bot_delay=args.bot_delay,
        grace=args.grace,
        max_connections_per_address=args.max_connections_per_address,
        max_tables_per_address=args.max_tables_per_address,
        lobby_idle=args.lobby_idle,
        keep_days=args.keep_days,
        linger=args.linger,
        trusted_proxies=tuple(args.trusted_proxy),
        allowed_origins=tuple(args.allow_origin),
        address_rate=float(args.max_requests_per_address),
        address_burst=2.0 * args.max_requests_per_address,
        postgres=args.postgres,
        redis=args.redis,
        public_address=args.public_address or "",
        lease_seconds=args.lease_seconds,
        websocket_compression=args.websocket_compression,
        standalone=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # from now on: a stop asked for at any moment is a clean one
        loop.add_signal_handler(sig, stop.set)
    starting, asked = asyncio.ensure_future(server.start()), asyncio.ensure_future(stop.wait())
    await asyncio.wait({starting, asked}, return_when=asyncio.FIRST_COMPLETED)
    asked.cancel()
    if not starting.done():  # asked to stop while starting (waiting for Redis, say): stop what has started
        starting.cancel()
        await asyncio.gather(starting, return_exceptions=True)
        await stop_within(server)
        return
    starting.result()  # StoreError, CertificateError or OSError: main() says why
    logging.getLogger("soupkitchen").info(
        "listening on %s (database %s, event loop %s)", server.url, server.hub.store.path, loop_name
    )
    print(f"soupkitchen-server listening on {server.url}", flush=True)  # read by launchers: the port ends it
    print(f"soupkitchen-server event loop: {loop_name}", flush=True)
    print(f"soupkitchen-server: {describe(args, tls is not None)}", flush=True)
    if server.hub.node is not None:
        print(
            f"soupkitchen-server: node {server.hub.server_id} of the cluster at {server.hub.node.where}, "
            f"reached at {server.hub.node.address}",
            flush=True,
        )
    await stop.wait()
    await stop_within(server)


async def stop_within(server: EmbeddedServer) -> None:
    """Stop the server, waiting at most STOP_SECONDS for it (whatever Redis or the database do)."""
    try:
        await asyncio.wait_for(server.stop(), STOP_SECONDS)
    except TimeoutError:
        logging.getLogger("soupkitchen").error(
            "the server had not stopped cleanly after %g s; it stops now", STOP_SECONDS
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    console = logging.StreamHandler()
    console.setFormatter(EscapingFormatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, handlers=[console])
    if not args.verbose:
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    try:
        factory, loop_name = event_loop(args.loop)
    except ValueError as err:
        print(f"soupkitchen-server: {err}", file=sys.stderr)
        return 2
    with asyncio.Runner(loop_factory=factory) as runner:
        try:
            runner.run(serve(args, loop_name))
        except StoreError as err:  # the database cannot be opened or written: say where and why
            print(f"soupkitchen-server: {err}", file=sys.stderr)
            return 1
        except CertificateError as err:  # the certificate or key cannot be used: say which and why
            print(f"soupkitchen-server: {err}", file=sys.stderr)
            return 2
        except OSError as err:  # the address cannot be listened on (in use, not this machine's)
            print(
                f"soupkitchen-server: cannot listen on {args.host}:{args.port}: {err.strerror or err}",
                file=sys.stderr,
            )
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
