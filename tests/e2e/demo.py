"""A scripted 7 Wonders game against the real bot, without Discord.

    python -m tests.e2e.demo [--out demo-boards] [--seed 1] [--players 3]

Starts the local Discord-compatible server and the bot (in this process, on a fresh SQLite
file), then three simulated people open a table, join, start and play every turn through the
"Play your turn" button, the card list and the Build / Wonder / Discard buttons. Prints what
the channel shows and what each player is told privately; saves every board image.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from tests.discord_server import LocalDiscord, Message
from tests.e2e.autoplay import game_over_post, open_lobby, play_post, play_round, wait_post_after
from tests.e2e.inproc import InProcessBot

__all__ = ["main", "run_demo"]

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus")


def _show(message: Message, out: Path, saved: list[Path], names: dict[int, str]) -> None:
    text = re.sub(
        r"<@!?(\d+)>", lambda m: "@" + names.get(int(m.group(1)), m.group(1)), message.content
    )
    print("\n#table  " + text.replace("\n", "\n        "))
    for attachment in message.attachments:
        path = out / attachment.filename
        path.write_bytes(attachment.data)
        saved.append(path)
        print(f"        [image {attachment.filename}, {len(attachment.data) // 1024} KiB]")
    if message.labels():
        print("        buttons: " + " | ".join(message.labels()))


async def run_demo(out: Path, seed: int, players: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    server = await LocalDiscord().start()
    guild = server.guild("Demo Server", channels=("table",))
    people = [server.user(name) for name in NAMES[:players]]
    saved: list[Path] = []
    names = {person.id: person.name for person in people}
    with tempfile.TemporaryDirectory() as tmp:
        bot = await InProcessBot(server, Path(tmp) / "demo.db").start()
        print(f"local Discord on {server.base_url}; bot connected to guild {guild.name!r}")
        started = time.monotonic()
        try:
            game = await open_lobby(server, people[0], people[1:], game="classic", players=players)
            print(f"{people[0].name} opened table #{game}; the others joined; started.")
            rng = random.Random(seed)
            current = play_post(people[0].channel, game)
            shown = 0
            while current is not None:
                post, version = current
                for message in people[0].channel.public_with_threads()[shown:]:
                    _show(message, out, saved, names)
                shown = len(people[0].channel.public_with_threads())
                answers = await play_round(server, people, post, rng)
                for person, answer in zip(people, answers, strict=True):
                    print(f"  (only {person.name} sees) {answer.content}")
                current = await wait_post_after(server, people[0].channel, game, version)
            for message in people[0].channel.public_with_threads()[shown:]:
                _show(message, out, saved, names)
            assert game_over_post(people[0].channel, game) is not None
        finally:
            await bot.stop()
            await server.stop()
    seconds = time.monotonic() - started
    print(
        f"\n{len(saved)} images saved in {out}/ — game played in {seconds:.1f} s; "
        f"Discord rules broken: {len(server.violations)}"
    )
    for violation in server.violations:
        print(f"RULE BROKEN {violation}")
    return 1 if server.violations else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("demo-boards"),
        help="folder for the board images (default: demo-boards)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the players' choices")
    parser.add_argument("--players", type=int, default=3, choices=range(3, 8))
    args = parser.parse_args(argv)
    return asyncio.run(run_demo(args.out, args.seed, args.players))


if __name__ == "__main__":
    sys.exit(main())
