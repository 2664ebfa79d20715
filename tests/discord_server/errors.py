"""The two ways the local server refuses a request: a Discord rule broken, a rate limit."""

from __future__ import annotations

__all__ = ["RateLimited", "RuleBroken"]


class RuleBroken(Exception):
    """A request broke a Discord rule: answered with Discord's error JSON."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class RateLimited(Exception):
    """A 429: the client must wait ``retry_after`` seconds (discord.py does, then retries)."""

    def __init__(self, retry_after: float, bucket: str) -> None:
        super().__init__(f"rate limited for {retry_after:.2f} s")
        self.retry_after, self.bucket = retry_after, bucket
