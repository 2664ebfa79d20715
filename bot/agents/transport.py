"""How an agent is reached: an OpenAI-compatible chat-completions server, or a local command.

Both are async and bounded by a time limit, so waiting for an agent never blocks the event loop.
Errors are ``TransportError`` with a message safe to post: it never contains the API key.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
from dataclasses import dataclass
from typing import Any, Protocol

import aiohttp

from bot.agents.prompt import AgentRequest

__all__ = ["ChatTransport", "CommandTransport", "Transport", "TransportError", "make_transport"]

_MAX_OUTPUT = 65_536  # bytes read from a command's stdout


class TransportError(Exception):
    """The agent could not be asked or did not answer (timeout, HTTP error, crash)."""


class Transport(Protocol):
    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        """The agent's raw answer text to ``request`` (``messages`` include any retry)."""
        ...


@dataclass(frozen=True)
class ChatTransport:
    """POST {url}/chat/completions with the model and the messages; the answer is the first
    choice's message content. ``key_env`` names the environment variable of the API key."""

    url: str
    model: str
    key_env: str | None
    timeout: float

    def endpoint(self) -> str:
        base = self.url.rstrip("/")
        return base if base.endswith("/chat/completions") else f"{base}/chat/completions"

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.key_env) if self.key_env else None
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        body = {"model": self.model, "messages": messages, "temperature": 0}
        timeout = aiohttp.ClientTimeout(total=self.timeout)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.post(self.endpoint(), json=body, headers=self._headers()) as r,
            ):
                if r.status != 200:
                    raise TransportError(f"the agent server answered HTTP {r.status}")
                data = await r.json(content_type=None)
        except TimeoutError:
            raise TransportError(f"no answer within {self.timeout:g} s") from None
        except (aiohttp.ClientError, json.JSONDecodeError) as exc:
            raise TransportError(f"the agent server failed: {type(exc).__name__}") from None
        return _content(data)


def _content(data: Any) -> str:
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise TransportError("the agent server's reply has no choices[0].message.content") from None
    if not isinstance(content, str):
        raise TransportError("the agent server's message content is not text")
    return content


@dataclass(frozen=True)
class CommandTransport:
    """Runs ``command`` (split like a shell would, but never through a shell) with the request's
    JSON on stdin; the move JSON is read from stdout. Killed after ``timeout`` seconds."""

    command: str
    timeout: float

    def argv(self) -> list[str]:
        argv = shlex.split(self.command)
        if not argv:
            raise TransportError("the agent command is empty")
        return argv

    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        data = json.dumps(request.payload(error)).encode()
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.argv(),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
            )
        except OSError as exc:
            raise TransportError(f"the agent command could not start: {exc.strerror}") from None
        try:
            out, _ = await asyncio.wait_for(proc.communicate(data), self.timeout)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            raise TransportError(f"no answer within {self.timeout:g} s") from None
        if proc.returncode != 0:
            raise TransportError(f"the agent command exited with status {proc.returncode}")
        return out[:_MAX_OUTPUT].decode("utf-8", errors="replace")


def make_transport(
    *, url: str | None, model: str | None, key_env: str | None, command: str | None, timeout: float
) -> Transport:
    """The transport a registration describes: a command if one is given, else the server."""
    if command:
        return CommandTransport(command, timeout)
    if not url or not model:
        raise ValueError("an agent needs a url and a model, or a command")
    return ChatTransport(url, model, key_env, timeout)
