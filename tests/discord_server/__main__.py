"""``python -m tests.discord_server``: run the local Discord-compatible server until Ctrl+C.

Prints the environment variables that point ``python -m bot`` (wonders-bot) at it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from tests.discord_server.server import LocalDiscord

__all__ = ["main"]


async def serve(port_file: str | None) -> None:
    server = await LocalDiscord().start()
    guild = server.guild("Local Server", channels=("table",))
    print("Local Discord-compatible server running. In another shell:")
    print(f"  export DISCORD_TOKEN={server.token}")
    print(f"  export DISCORD_API_BASE={server.api_base}")
    print(f"  export DISCORD_GATEWAY_URL={server.gateway_url}")
    print("  python -m bot --sync-commands")
    print(f"Guild {guild.name} ({guild.id}), channel #table ({guild.channels[0].id}).")
    if port_file:
        with open(port_file, "w", encoding="utf-8") as out:
            out.write(str(server.port))
    try:
        while True:
            await asyncio.sleep(5)
            for violation in server.take_violations():
                print(f"RULE BROKEN {violation}")
            for route in server.unknown_routes:
                print(f"unknown route {route}")
            server.unknown_routes.clear()
    finally:
        await server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.discord_server")
    parser.add_argument("--port-file", help="write the chosen port to this file")
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.port_file))


if __name__ == "__main__":
    main()
