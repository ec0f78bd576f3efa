"""How the bot and a worker write their messages on the pipe between them (``_frame``)."""

from __future__ import annotations

# a frame on a worker's pipe, either way: its length, then its bytes
_LENGTH = 4


def _frame(data: bytes) -> bytes:
    """``data`` framed as ``Connection.recv_bytes`` reads it (a signed 4-byte big-endian
    length: up to 2 GiB), and as the loop reads a worker's answers (``_readable``)."""
    return len(data).to_bytes(_LENGTH, "big", signed=True) + data
