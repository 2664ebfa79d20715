"""A loopback port that refuses connections, and stays that way while a test uses it."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator

__all__ = ["refused_port"]


@contextlib.contextmanager
def refused_port() -> Iterator[int]:
    """A port of 127.0.0.1 where a connection is refused ("server down").

    The socket stays bound, never listening, until the block ends: binding, closing and then
    using the number would let another process (a parallel xdist worker's server) take the
    port in between, and the test would reach that server instead of a closed port.
    """
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield int(s.getsockname()[1])
