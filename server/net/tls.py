"""TLS for a server put online: the context made from the host's certificate and key, with a
sentence that says what is wrong with them when they cannot be used."""

from __future__ import annotations

import ssl
from pathlib import Path

from soupkitchen.shared import outside

MOST_BYTES = 1024 * 1024  # a PEM certificate with its chain, or a key, takes a few KB


class CertificateError(Exception):
    """The certificate or key cannot be used; ``str(err)`` says which file and why."""


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """A server-side TLS context (TLS 1.2 or newer) serving ``cert`` (PEM, the chain after the
    certificate) with its private ``key`` (PEM, without a passphrase); CertificateError otherwise."""
    for what, path in (("certificate", cert), ("key", key)):
        try:  # a regular file, read without blocking: --cert /dev/zero or a FIFO is named, never read
            outside.read_file(path, MOST_BYTES, f"the {what} {Path(path)}")
        except outside.OutsideError as err:
            raise CertificateError(str(err)) from None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.set_alpn_protocols(["http/1.1"])
    try:
        context.load_cert_chain(str(cert), str(key), password=no_passphrase)
    except ssl.SSLError as err:
        reason = err.reason or str(err)
        if "KEY_VALUES_MISMATCH" in reason.upper():
            raise CertificateError(f"the key {key} is not the key of the certificate {cert}") from None
        raise CertificateError(
            f"cannot use the certificate {cert} with the key {key}: they must be PEM files, "
            f"the key without a passphrase ({reason})"
        ) from None
    except ValueError as err:  # a key that asks for a passphrase
        raise CertificateError(
            f"the key {key} is protected by a passphrase; give the server a key without one ({err})"
        ) from None
    return context


def no_passphrase() -> str:
    """The passphrase callback: a key that needs one is refused rather than asked about on a terminal."""
    raise ValueError("no passphrase is given to the server")
