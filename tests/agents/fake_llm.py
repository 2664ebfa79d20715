"""A fake OpenAI-compatible chat-completions server on 127.0.0.1 (a real aiohttp web server).

The ``model`` field picks the behaviour: ``good`` answers a legal move (one of the listed ones,
chosen with a seeded RNG, wrapped in prose), ``illegal`` a move of the wrong step, ``garbage``
prose without JSON, ``slow`` sleeps ``slow_seconds`` first, ``error`` answers HTTP 500, and
``fix`` answers an illegal move first and a legal one when the request carries the refusal,
``redirect`` answers HTTP 307 to the cloud metadata address (a client must not follow it).
Every request is recorded (path, headers and body) for the tests to inspect.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

__all__ = ["METADATA", "FakeLLM"]

METADATA = "http://169.254.169.254/latest/meta-data/"  # never contacted: only named


@dataclass
class FakeLLM:
    slow_seconds: float = 5.0
    seed: int = 0
    requests: list[dict[str, Any]] = field(default_factory=list)
    runner: web.AppRunner | None = None
    url: str = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}/v1"
        self._rng = random.Random(self.seed)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    async def _chat(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.requests.append({"path": request.path, "headers": dict(request.headers), "body": body})
        model = body["model"]
        if model == "error":
            return web.Response(status=500, text="internal error")
        if model == "redirect":
            return web.Response(status=307, headers={"Location": METADATA})
        if model == "slow":
            await asyncio.sleep(self.slow_seconds)
        return web.json_response(_reply(self._answer(model, body["messages"])))

    def _answer(self, model: str, messages: list[dict[str, str]]) -> str:
        legal = _legal(messages)
        refused = "refused" in messages[-1]["content"]
        if model == "garbage":
            return "I think the best plan is to build something nice. Good luck!"
        if model == "illegal" or (model == "fix" and not refused):
            wrong = "DISCARD" if legal[0]["move"] != "DISCARD" else "SELECT_WONDER"
            return json.dumps({"move": wrong, "moveData": {"cardIndex": 99}})
        move = legal[self._rng.randrange(len(legal))]
        return f"Let me think. The best move here:\n```json\n{json.dumps(move)}\n```"


def _legal(messages: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The legal moves listed in the first user message (one JSON object per line)."""
    user = next(m["content"] for m in messages if m["role"] == "user")
    listed = user.split("one per line:\n", 1)[1]
    return [json.loads(line) for line in listed.splitlines() if line.startswith("{")]


def _reply(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }
