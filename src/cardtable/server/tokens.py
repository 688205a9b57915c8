"""Seat tokens: random secrets handed out in invite links, stored only as hashes.

A leaked database therefore gives no way into a seat, and the link carries the
token in the URL fragment (``#token=…``), which browsers never send to the
server, so it stays out of access logs and Referer headers.
"""

from __future__ import annotations

import hashlib
import secrets

# the key of a table's options that holds the hash of its creator's token (never shown:
# summaries leave it out); the creator's token revokes seat links
CREATOR_KEY = "creator_hash"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    # surrogatepass: a malformed token from the network hashes to nothing valid
    # instead of raising (it is refused as unknown)
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


def address_key(address: str) -> str:
    """What the database keeps of a creating client's address: a hash, never the address.

    Every process of a cluster must compute the same key to count one client's
    tables, so it is a plain hash under a fixed label, not a per-process secret.
    """
    return hashlib.sha256(
        b"cardtable address:" + address.encode("utf-8", "surrogatepass")
    ).hexdigest()
