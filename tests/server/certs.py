"""Certificates made by the tests (the ``cryptography`` package): a server's own self-signed one,
and one signed by a test authority, for the names and addresses asked for."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

LOOPBACK_NAMES = ("127.0.0.1", "localhost")


@dataclass(frozen=True)
class Certificate:
    cert: Path  # PEM
    key: Path  # PEM, no passphrase

    def client_context(self) -> ssl.SSLContext:
        """A client context that trusts this certificate (as ``--trust-cert`` does) and nothing else."""
        context = ssl.create_default_context(cafile=str(self.cert))
        return context


def make_certificate(
    folder: Path,
    name: str = "server",
    hosts: tuple[str, ...] = LOOPBACK_NAMES,
    days: float = 30.0,
    signer: tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None = None,
    common_name: str | None = None,
) -> Certificate:
    """A certificate for ``hosts`` (names or IP addresses; none: an authority's) valid ``days`` from
    now (less than 0: expired that long ago), self-signed or signed by ``signer``, written to
    ``folder``/``name``.pem and ``name``.key."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name or hosts[0])])
    now = datetime.datetime.now(datetime.UTC)
    start = now - datetime.timedelta(days=max(1.0, 10.0 - days))
    end = now + datetime.timedelta(days=days)
    issuer_cert, issuer_key = signer if signer is not None else (None, key)
    alt_names: list[x509.GeneralName] = []
    for host in hosts:
        try:
            alt_names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            alt_names.append(x509.DNSName(host))
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer_cert.subject if issuer_cert is not None else subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(x509.BasicConstraints(ca=signer is None, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False
        )
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=signer is None,
                crl_sign=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
    )
    if alt_names:
        builder = builder.add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
    cert = builder.sign(issuer_key, hashes.SHA256())
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / f"{name}.pem", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return Certificate(cert_path, key_path)


def make_authority(folder: Path) -> tuple[Certificate, tuple[x509.Certificate, ec.EllipticCurvePrivateKey]]:
    """A test certificate authority: its files, and what ``make_certificate(signer=...)`` signs with."""
    made = make_certificate(folder, "authority", (), common_name="Soup Kitchen test authority")
    cert = x509.load_pem_x509_certificate(made.cert.read_bytes())
    key = serialization.load_pem_private_key(made.key.read_bytes(), None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    return made, (cert, key)
