"""A tiny discord.py bot used to test the local server itself (not the Wonders Table bot)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from PIL import Image

__all__ = ["TinyBot", "TinyShardedBot", "png_bytes"]

CARDS = ["Altar", "Baths", "Barracks", "Theater", "Lumber Yard", "Loom"]


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


class HelloView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Hello", custom_id="demo:hello")
    async def hello(
        self, interaction: discord.Interaction, _: discord.ui.Button[HelloView]
    ) -> None:
        await interaction.response.send_message(f"hi {interaction.user.name}", ephemeral=True)

    @discord.ui.button(label="Slow", custom_id="demo:slow")
    async def slow(self, interaction: discord.Interaction, _: discord.ui.Button[HelloView]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.1)
        await interaction.edit_original_response(content="slow done")


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:pick",
        placeholder="Pick a card",
        options=[discord.SelectOption(label=c, value=c.lower()) for c in CARDS],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[PickView]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


demo = app_commands.Group(name="demo", description="server self-test commands")
admin = app_commands.Group(name="sub", description="a nested group", parent=demo)


@demo.command(name="ping", description="a public message with buttons")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong", view=HelloView())


@demo.command(name="pick", description="a select")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick one", view=PickView())


@demo.command(name="image", description="deferred ephemeral answer with a file")
async def image(interaction: discord.Interaction, size: int = 8) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await asyncio.sleep(0.05)
    file = discord.File(io.BytesIO(png_bytes()), filename=f"board-{size}.png")
    await interaction.edit_original_response(content="your board", attachments=[file])
    await interaction.followup.send("and a follow-up", ephemeral=True)


@demo.command(name="card", description="autocomplete")
async def card(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(f"card {name}", ephemeral=True)


@card.autocomplete("name")
async def card_complete(_: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in CARDS if current.lower() in c.lower()]


@demo.command(name="say", description="post text publicly (may be too long)")
async def say(interaction: discord.Interaction, text: str, times: int = 1) -> None:
    await interaction.response.defer(ephemeral=True)
    await interaction.channel.send(text * times)  # type: ignore[union-attr]


@demo.command(name="late", description="answer after a pause")
async def late(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message("late")


@demo.command(name="thread", description="open a private thread")
async def thread(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    created = await channel.create_thread(name="table")
    await created.send("welcome to the table")
    await interaction.followup.send(f"thread {created.id}", ephemeral=True)


@admin.command(name="who", description="nested subcommand with a user option")
async def who(interaction: discord.Interaction, user: discord.Member, loud: bool = False) -> None:
    admin_flag = interaction.permissions.administrator
    await interaction.response.send_message(
        f"{user.name} admin={admin_flag} loud={loud}", ephemeral=not loud
    )


class NameForm(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameForm] = discord.ui.TextInput(label="Name", custom_id="f:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


@demo.command(name="form", description="open a modal")
async def form(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameForm())


class TinyBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(demo)

    async def setup_hook(self) -> None:
        self.add_view(HelloView())
        self.add_view(PickView())
        await self.tree.sync()


class TinyShardedBot(discord.AutoShardedClient):
    """The same commands on an auto-sharded client (asks ``GET /gateway/bot``)."""

    def __init__(self, shard_count: int | None = None) -> None:
        super().__init__(
            intents=discord.Intents.default(), guild_ready_timeout=0.05, shard_count=shard_count
        )
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(demo)

    async def setup_hook(self) -> None:
        self.add_view(HelloView())
        await self.tree.sync()
