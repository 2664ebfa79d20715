"""How an agent is reached: an OpenAI-compatible chat-completions server, or a local command.

Both are async and bounded by a time limit, so waiting for an agent never blocks the event loop.
Errors are ``TransportError`` with a message safe to post: it never contains the API key.
Both obey the operator's ``AgentPolicy`` when they are used, not only when registered: the url
and the key variable are checked again, every resolved address is checked before connecting
(an IP literal before the request), and redirects are never followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import socket
from dataclasses import dataclass
from typing import Any, Protocol

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

from bot.agents.policy import AgentPolicy, NotAllowed, check_host_syntax
from bot.agents.prompt import AgentRequest

__all__ = [
    "ChatTransport",
    "CheckedResolver",
    "CommandTransport",
    "Transport",
    "TransportError",
    "check_reachable",
    "make_transport",
]

_MAX_OUTPUT = 65_536  # bytes read from a command's stdout


class TransportError(Exception):
    """The agent could not be asked or did not answer (timeout, HTTP error, crash)."""


class Transport(Protocol):
    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        """The agent's raw answer text to ``request`` (``messages`` include any retry)."""
        ...


class CheckedResolver(AbstractResolver):
    """Resolves a host name, then refuses it if any address is one the policy refuses: the
    connection goes only to addresses checked here (no later, different lookup)."""

    def __init__(self, policy: AgentPolicy) -> None:
        self.policy = policy
        self._inner = aiohttp.ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._inner.resolve(host, port, family)
        for item in found:
            self.policy.check_address(ipaddress.ip_address(item["host"]), host)
        return found

    async def close(self) -> None:
        await self._inner.close()


@dataclass(frozen=True)
class ChatTransport:
    """POST {url}/chat/completions with the model and the messages; the answer is the first
    choice's message content. ``key_env`` names the environment variable of the API key."""

    url: str
    model: str
    key_env: str | None
    timeout: float
    policy: AgentPolicy

    def endpoint(self) -> str:
        base = self.url.rstrip("/")
        return base if base.endswith("/chat/completions") else f"{base}/chat/completions"

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.policy.check_key_env(self.key_env)) if self.key_env else None
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        body = {"model": self.model, "messages": messages, "temperature": 0}
        timeout = aiohttp.ClientTimeout(total=self.timeout)
        try:
            self.policy.check_url(self.url)  # literal addresses are checked here
            headers = self._headers()
            connector = aiohttp.TCPConnector(
                resolver=CheckedResolver(self.policy), use_dns_cache=False
            )
            async with (
                aiohttp.ClientSession(timeout=timeout, connector=connector) as session,
                session.post(
                    self.endpoint(), json=body, headers=headers, allow_redirects=False
                ) as r,
            ):
                if 300 <= r.status < 400:
                    raise TransportError(
                        f"the agent server answered a redirect (HTTP {r.status}); "
                        "redirects are not followed"
                    )
                if r.status != 200:
                    raise TransportError(f"the agent server answered HTTP {r.status}")
                data = await r.json(content_type=None)
        except NotAllowed as exc:
            raise TransportError(f"refused: {exc}") from None
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
    """Runs ``argv`` (an operator-declared command, exactly as declared, never through a shell)
    with the request's JSON on stdin; the move JSON is read from stdout. Killed after
    ``timeout`` seconds."""

    argv: tuple[str, ...]
    timeout: float

    async def ask(
        self, request: AgentRequest, messages: list[dict[str, str]], error: str | None
    ) -> str:
        data = json.dumps(request.payload(error)).encode()
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.argv,
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
    policy: AgentPolicy,
    *,
    url: str | None,
    model: str | None,
    key_env: str | None,
    command: str | None,
    timeout: float,
) -> Transport:
    """The transport a registration describes, if the operator (still) allows it: a declared
    command by its name, else the server; ``NotAllowed`` says why not."""
    if command:
        return CommandTransport(policy.command(command), timeout)
    if not url or not model:
        raise NotAllowed("an agent needs a url and a model, or a command")
    policy.check_url(url)
    if key_env:
        policy.check_key_env(key_env)
    return ChatTransport(url, model, key_env, timeout, policy)


async def check_reachable(policy: AgentPolicy, url: str) -> None:
    """At registration: the url is allowed and its host resolves only to allowed addresses
    (``NotAllowed`` with the reason). Checked again at every connection."""
    parsed = policy.check_url(url)
    host = parsed.raw_host or ""
    if check_host_syntax(host) is not None:
        return  # an IP literal, checked by check_url
    resolver = CheckedResolver(policy)
    try:
        await resolver.resolve(host, parsed.port or 0, socket.AF_UNSPEC)
    except OSError:
        raise NotAllowed(f"host '{host}' could not be resolved.") from None
    finally:
        await resolver.close()
