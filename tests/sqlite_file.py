"""Reading or changing a test's SQLite file directly, outside the bot's store.

``with sqlite3.connect(path) as con:`` only commits: the connection stays open until it is
garbage collected, and Python 3.13 then warns (``ResourceWarning: unclosed database``, an
error in this suite). ``sqlite_file`` commits (or rolls back) and always closes.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator

__all__ = ["sqlite_file"]


@contextlib.contextmanager
def sqlite_file(path: str | os.PathLike[str], timeout: float = 5.0) -> Iterator[sqlite3.Connection]:
    """One transaction on ``path``: committed if the block succeeds; the connection closed."""
    with contextlib.closing(sqlite3.connect(path, timeout=timeout)) as con, con:
        yield con
