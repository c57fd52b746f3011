"""Invite links: ``soupkitchen://HOST:PORT/PEAS-4821-7730`` names a server and a table's code.

A link's server is spoken to over TLS (``https://``, the certificate checked): a server put online
(``soupkitchen-server --public``). A server without TLS (a LAN host, or a host at home whose router
forwards the port) is named ``soupkitchen://HOST:PORT/CODE?tls=no``. Without a port, the usual one.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from soupkitchen.client.words import _
from soupkitchen.shared.logs import escaped
from soupkitchen.shared.wire.codes import LINK_SCHEME, normalise
from soupkitchen.shared.wire.constants import DEFAULT_PORT

EXAMPLE = f"{LINK_SCHEME}://kitchen.example.org:{DEFAULT_PORT}/PEAS-4821-7730"
HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)


def is_host(host: str) -> bool:
    """Whether ``host`` names a computer: an IP address (IPv6 in brackets or not) or a DNS name of
    letters, digits and hyphens; never one with a space, a NUL, a slash or any other character."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        ipaddress.ip_address(bare)
        return True
    except ValueError:
        return not bare.replace(".", "").isdigit() and HOSTNAME.match(bare) is not None


@dataclass(frozen=True)
class Invite:
    url: str  # the server, as the client connects to it: https://HOST:PORT or http://HOST:PORT
    code: str  # the table's code, as the server writes it


def is_link(text: str) -> bool:
    return text.strip().lower().startswith(f"{LINK_SCHEME}://")


def parse(text: str) -> Invite:
    """The server and code of an invite link; ValueError in plain words if it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port or DEFAULT_PORT
    except ValueError:
        parts, port = None, 0
    if parts is None or parts.scheme.lower() != LINK_SCHEME or not parts.hostname or parts.username:
        raise ValueError(_("That is not an invite link like {example}").format(example=EXAMPLE))
    if not is_host(parts.hostname):
        raise ValueError(
            _("The link's server {host} is not a computer's address (a link looks like {example})").format(
                host=escaped(parts.hostname), example=EXAMPLE
            )
        )
    code = normalise(parts.path.strip("/"))
    if code is None:
        raise ValueError(
            _("The link has no table code after the server (like {example})").format(example=EXAMPLE)
        )
    plain = parse_qs(parts.query).get("tls", [""])[-1].lower() in ("no", "0", "off", "false")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return Invite(f"{'http' if plain else 'https'}://{host}:{port}", code)


def link(url: str, code: str) -> str:
    """The invite link of the table with ``code`` on the server at ``url``."""
    scheme, place = url.split("://", 1)
    return f"{LINK_SCHEME}://{place.rstrip('/')}/{code}" + ("" if scheme == "https" else "?tls=no")
