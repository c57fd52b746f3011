"""Table passwords as they are stored: scrypt (``hashlib.scrypt``) with a random salt, at one of
the costs OWASP's Password Storage Cheat Sheet gives as today's minimum: N=2^14, r=8, p=5, which
asks as much work as N=2^17, r=8, p=1 in 16 MiB rather than 128 MiB (a server checks on one thread
of its own, off the event loop). A stored hash reads ``scrypt$N$r$p$salt$hash`` (hex).

A table stored before holds the older form, PBKDF2-SHA256 of 20,000 rounds salted with the table
id (64 hex digits): ``check`` still takes it, and says that the hash should be made again, which
the lobby does on that first right password (``needs_new_hash``). A stored form whose costs are
beyond what this server would ever make (a database written by hand) is refused, never computed."""

from __future__ import annotations

import hashlib
import secrets

N, R, P = 2**14, 8, 5
SALT_BYTES = 16
HASH_BYTES = 32
MOST_MEMORY = 128 * 2**20  # scrypt needs 128 * r * N bytes (16 MiB here): a stored hash may ask 128 MiB
MOST_P = 16
FORMER_ROUNDS = 20_000  # PBKDF2-SHA256, salted with the table id: the form before scrypt
PREFIX = "scrypt"


def password_hash(password: str) -> str:
    """The stored form of a table password: scrypt at today's cost, salted at random."""
    salt = secrets.token_bytes(SALT_BYTES)
    return _format(N, R, P, salt, _scrypt(password, salt, N, R, P))


def former_hash(table_id: str, password: str) -> str:
    """The stored form of a password before scrypt (tables stored by an older server)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode(), table_id.encode(), FORMER_ROUNDS).hex()


def check(stored: str, table_id: str, given: str) -> bool:
    """Whether ``given`` is the password of which ``stored`` is the stored form (either form),
    in a time that does not depend on how much of it is right."""
    parts = stored.split("$")
    if parts[0] != PREFIX:
        return secrets.compare_digest(stored, former_hash(table_id, given))
    costs = _costs(parts)
    if costs is None:
        return False
    n, r, p, salt, digest = costs
    return secrets.compare_digest(digest, _scrypt(given, salt, n, r, p))


def needs_new_hash(stored: str) -> bool:
    """Whether ``stored`` is in an older form or at a lower cost than a new hash: made again, the
    next time its password is given right."""
    costs = _costs(stored.split("$"))
    return costs is None or costs[:3] != (N, R, P)


def _costs(parts: list[str]) -> tuple[int, int, int, bytes, bytes] | None:
    if len(parts) != 6 or parts[0] != PREFIX:
        return None
    try:
        n, r, p = (int(part) for part in parts[1:4])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        return None
    if not (
        1 < n
        and n & (n - 1) == 0
        and 0 < r
        and 128 * r * n <= MOST_MEMORY
        and 0 < p <= MOST_P
        and salt
        and len(digest) == HASH_BYTES
    ):
        return None
    return n, r, p, salt, digest


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    memory = 128 * r * (n + p + 2)  # OpenSSL's count: the work area and the blocks
    return hashlib.scrypt(
        password.encode(), salt=salt, n=n, r=r, p=p, maxmem=memory + 2**20, dklen=HASH_BYTES
    )


def _format(n: int, r: int, p: int, salt: bytes, digest: bytes) -> str:
    return f"{PREFIX}${n}${r}${p}${salt.hex()}${digest.hex()}"
