"""TLS for the client: a server's certificate is checked as any program checks one, against the
system's own trust store (through ``truststore``, where it is installed; Python's default
certificates otherwise), and against the certificates the player chose to trust besides
(``soupkitchen --trust-cert FILE``: a host testing with a self-signed certificate). A certificate
that is refused gets a sentence that says why and what to do."""

from __future__ import annotations

import ssl
from pathlib import Path

from soupkitchen.client.words import _
from soupkitchen.shared import outside

TRUSTED: list[Path] = []  # certificates trusted besides the system's (soupkitchen --trust-cert)
_PEM: dict[Path, str] = {}  # each trusted file's certificates, read once
MOST_BYTES = 1024 * 1024  # a PEM file of certificates takes a few KB

# OpenSSL's verification results (X509_V_ERR_...) worded for a player
SELF_SIGNED = {18, 19}
UNKNOWN_AUTHORITY = {2, 20, 21}
EXPIRED, NOT_YET_VALID = 10, 9
OTHER_NAME = {62, 64}


def trust(path: str | Path) -> None:
    """Trust the certificate(s) in the PEM file ``path`` from now on; ValueError in plain words if it
    holds none that can be read."""
    file = Path(path)
    try:  # a regular file, read without blocking: a FIFO or a device is named, never read
        pem = outside.read_file(file, MOST_BYTES, f"the certificate file {file}").decode("ascii")
        ssl.create_default_context().load_verify_locations(cadata=pem)
    except outside.OutsideError as err:
        if err.kind == outside.MISSING:
            raise ValueError(f"there is no certificate file {file}") from None
        raise ValueError(str(err)) from None
    except (UnicodeDecodeError, ssl.SSLError) as err:
        raise ValueError(f"{file} is not a certificate file (PEM) that can be read: {err}") from None
    _PEM[file] = pem
    if file not in TRUSTED:
        TRUSTED.append(file)


def client_context() -> ssl.SSLContext:
    """The context every https:// and wss:// connection of the client is made with."""
    try:
        import truststore

        context: ssl.SSLContext = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    except ImportError:  # without it: the certificates Python finds on this system
        context = ssl.create_default_context()
    for file in TRUSTED:
        pem = _PEM.get(file)
        context.load_verify_locations(**({"cadata": pem} if pem is not None else {"cafile": str(file)}))
    return context


def refusal(err: ssl.SSLCertVerificationError, url: str) -> str:
    """Why the server at ``url`` was not trusted, and what the player can do, in one or two sentences."""
    code = getattr(err, "verify_code", None)
    host = url.split("://", 1)[-1].rsplit(":", 1)[0]
    if code in SELF_SIGNED:
        said = _(
            "Did not connect to {url}: its certificate is self-signed, so nothing proves it is the server it "
            "claims to be. If its host gave you that certificate, start Soup Kitchen with --trust-cert FILE."
        )
    elif code in UNKNOWN_AUTHORITY:
        said = _(
            "Did not connect to {url}: its certificate is signed by an authority this computer does not "
            "trust. If its host gave you the certificate, start Soup Kitchen with --trust-cert FILE."
        )
    elif code == EXPIRED:
        said = _("Did not connect to {url}: its certificate has expired. Its host has to renew it.")
    elif code == NOT_YET_VALID:
        said = _(
            "Did not connect to {url}: its certificate is not valid yet (or this computer's clock is wrong)."
        )
    elif code in OTHER_NAME:
        said = _(
            "Did not connect to {url}: its certificate is for another server, not {host}. Check the address, "
            "or ask its host which name the certificate carries."
        )
    else:
        said = _("Did not connect to {url}: its certificate was refused ({reason}).")
    reason = getattr(err, "verify_message", None) or getattr(err, "reason", None) or str(err)
    return said.format(url=url, host=host, reason=reason)
