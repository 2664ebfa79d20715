"""The local server's world: its clock, guilds, channels, threads, DMs and members."""

from __future__ import annotations

import time
from typing import Any

from tests.discord_server.errors import RuleBroken
from tests.discord_server.models import Channel, Guild, Member, snowflakes

__all__ = ["World"]


class World:
    """Mixed into ``LocalDiscord``, which provides the state below and ``changed``, ``_spawn``
    and ``dispatch_event``."""

    bot: Member
    guilds: dict[int, Guild]
    channels: dict[int, Channel]
    dm_channels: dict[int, Channel]
    clock_offset: float

    # -- clock and thread archiving ----------------------------------------------------------
    def now(self) -> float:
        return time.monotonic() + self.clock_offset

    def advance(self, seconds: float) -> None:
        """Move the server's clock forward (the 15-minute token lifetime, thread
        auto-archiving)."""
        self.clock_offset += seconds
        self.archive_idle_threads()

    def archive_idle_threads(self) -> None:
        """Discord archives a thread once nobody posted in it for its auto-archive duration."""
        for channel in list(self.channels.values()):
            idle = self.now() - channel.last_activity
            if (
                channel.is_thread
                and not channel.archived
                and idle >= channel.auto_archive_minutes * 60
            ):
                self.set_archived(channel, True)

    def set_archived(self, thread: Channel, archived: bool) -> None:
        thread.archived = archived
        self._spawn(self.dispatch_event(thread.guild_id, "THREAD_UPDATE", thread.to_json()))
        self.changed()

    # -- world building ---------------------------------------------------------------------
    def guild(self, name: str = "Test Server", channels: tuple[str, ...] = ("general",)) -> Guild:
        guild = Guild(next(snowflakes), name, owner_id=0)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        return guild

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        type: int = 0,
        parent_id: int | None = None,
        channel_id: int | None = None,
    ) -> Channel:
        channel = Channel(
            channel_id or next(snowflakes), guild.id, name, type=type, parent_id=parent_id
        )
        channel.last_activity = self.now()
        if parent_id is not None:
            self.channels[parent_id].threads.append(channel)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        if self.sessions and parent_id is None:
            # A connected bot learns about channels created after its GUILD_CREATE.
            self._spawn(self.dispatch_event(guild.id, "CHANNEL_CREATE", channel.to_json()))
        return channel

    def threads_of(self, channel: Channel) -> list[Channel]:
        """The threads started in ``channel`` (oldest first)."""
        return list(channel.threads)

    def dm_channel(self, user: Member) -> Channel:
        """The bot's DM channel with ``user`` (created on first use, like Discord)."""
        if user.id not in self.dm_channels:
            channel = Channel(next(snowflakes), 0, f"dm-{user.name}", type=1)
            channel.recipient = user
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return self.dm_channels[user.id]

    def default_guild(self) -> Guild:
        return next(iter(self.guilds.values())) if self.guilds else self.guild()

    def user(
        self,
        name: str,
        *,
        admin: bool = False,
        guild: Guild | None = None,
        channel: Channel | None = None,
    ) -> Any:
        from tests.discord_server.driver import UserDriver

        guild = guild or self.default_guild()
        member = Member(next(snowflakes), name, admin=admin)
        guild.members[member.id] = member
        return UserDriver(self, member, guild, channel or guild.channels[0])

    def member(self, user_id: int) -> Member:
        if user_id == self.bot.id:
            return self.bot
        for guild in self.guilds.values():
            if user_id in guild.members:
                return guild.members[user_id]
        raise RuleBroken(404, 10013, "Unknown User")
