"""A software WebAuthn authenticator for tests: ES256 (P-256) or EdDSA (Ed25519) keys, `none`
attestation, resident credentials, and the JSON forms a browser's toJSON() produces."""
import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags (WebAuthn section 6.1)


def b64(data: bytes) -> str:
    return bytes_to_base64url(data)


class Credential:
    def __init__(self, alg: str, rp_id: str, user_handle: bytes):
        self.id = os.urandom(16)
        self.alg, self.rp_id, self.user_handle = alg, rp_id, user_handle
        self.key = ec.generate_private_key(ec.SECP256R1()) if alg == "ES256" \
            else ed25519.Ed25519PrivateKey.generate()

    def cose_key(self) -> bytes:
        if self.alg == "ES256":
            numbers = self.key.public_key().public_numbers()
            return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                                -3: numbers.y.to_bytes(32, "big")})
        raw = self.key.public_key().public_bytes(serialization.Encoding.Raw,
                                                 serialization.PublicFormat.Raw)
        return cbor2.dumps({1: 1, 3: -8, -1: 6, -2: raw})

    def sign(self, data: bytes) -> bytes:
        if self.alg == "ES256":
            return self.key.sign(data, ec.ECDSA(hashes.SHA256()))
        return self.key.sign(data)


class SoftAuthenticator:
    """`uv` sets the user-verified flag; `sign_count` is the counter of the next assertion - 1
    (set `counting = False` for an authenticator that always reports 0, like synced passkeys)."""

    def __init__(self, alg: str = "ES256", uv: bool = True):
        self.alg, self.uv, self.sign_count, self.counting = alg, uv, 0, True
        self.credentials: list[Credential] = []

    def _auth_data(self, rp_id: str, flags: int, attested: bytes = b"") -> bytes:
        flags |= UP | (UV if self.uv else 0)
        return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) \
            + struct.pack(">I", self.sign_count) + attested

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict, origin: str, rp_id: str | None = None,
               credential_id: bytes | None = None) -> dict:
        """navigator.credentials.create() with creation options in their JSON form."""
        cred = Credential(self.alg, rp_id or options["rp"]["id"],
                          base64url_to_bytes(options["user"]["id"]))
        cred.id = credential_id or cred.id
        self.credentials.append(cred)
        attested = bytes(16) + struct.pack(">H", len(cred.id)) + cred.id + cred.cose_key()
        auth_data = self._auth_data(cred.rp_id, AT, attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {"id": b64(cred.id), "rawId": b64(cred.id), "type": "public-key",
                "authenticatorAttachment": "platform", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client_data),
                             "attestationObject": b64(attestation), "transports": ["internal"]}}

    def get(self, options: dict, origin: str, rp_id: str | None = None,
            credential: Credential | None = None) -> dict:
        """navigator.credentials.get(): the first allowed (or else resident) credential."""
        allowed = {base64url_to_bytes(c["id"]) for c in options.get("allowCredentials", [])}
        cred = credential or next(c for c in self.credentials if not allowed or c.id in allowed)
        if self.counting:
            self.sign_count += 1
        auth_data = self._auth_data(rp_id or cred.rp_id, 0)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = cred.sign(auth_data + hashlib.sha256(client_data).digest())
        return {"id": b64(cred.id), "rawId": b64(cred.id), "type": "public-key",
                "authenticatorAttachment": "platform", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client_data),
                             "authenticatorData": b64(auth_data), "signature": b64(signature),
                             "userHandle": b64(cred.user_handle)}}
