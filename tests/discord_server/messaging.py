"""Messages on the local server: Discord's limits and refusals for posting and editing."""

from __future__ import annotations

from typing import Any

from tests.discord_server.errors import RateLimited, RuleBroken
from tests.discord_server.models import (
    EPHEMERAL,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Guild,
    Member,
    Message,
    StoredFile,
    pinged,
    snowflakes,
)
from tests.discord_server.rules import check_message

__all__ = ["EDIT_LIMIT", "EDIT_WINDOW", "Messaging"]

# Message edits: Discord's bucket for PATCH /channels/{id}/messages/{mid} is per channel;
# 5 edits per 5 seconds is what bots observe.
EDIT_LIMIT = 5
EDIT_WINDOW = 5.0


class Messaging:
    """Mixed into ``LocalDiscord``, which provides the state below and ``now``, ``changed``,
    ``violate`` and ``set_archived``."""

    application_id: int
    bot: Member
    guilds: dict[int, Guild]
    channels: dict[int, Channel]
    messages: dict[int, Message]
    edit_times: dict[int, list[float]]
    rate_limited: list[str]

    def channel(self, channel_id: int) -> Channel:
        if channel_id not in self.channels:
            raise RuleBroken(404, 10003, "Unknown Channel")
        return self.channels[channel_id]

    def get_message(self, channel_id: int, message_id: int) -> Message:
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id or message.deleted:
            raise RuleBroken(404, 10008, "Unknown Message")
        return message

    def validate(self, where: str, payload: dict[str, Any], files: list[StoredFile]) -> None:
        errors = check_message(payload, [(f.filename, f.data) for f in files])
        if errors:
            for error in errors:
                self.violate("message-limits", f"{where}: {error}")
            raise RuleBroken(400, 50035, "Invalid Form Body: " + "; ".join(errors))

    def create_message(
        self,
        channel: Channel,
        author: Member,
        payload: dict[str, Any],
        files: list[StoredFile],
        *,
        where: str,
        visible_to: int | None = None,
        webhook: bool = False,
    ) -> Message:
        self.validate(where, payload, files)
        self.check_can_post(channel, author)
        flags = int(payload.get("flags") or 0)
        message = Message(
            next(snowflakes),
            channel.id,
            author,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=list(files),
            flags=flags,
            visible_to=visible_to if flags & EPHEMERAL else None,
            webhook_id=self.application_id if webhook else None,
            mentions=pinged(payload.get("content") or "", payload.get("allowed_mentions")),
        )
        channel.messages.append(message)
        channel.last_activity = self.now()
        self.messages[message.id] = message
        self.changed()
        return message

    def check_can_post(self, channel: Channel, author: Member) -> None:
        """Discord's refusals for a new message; a post to an archived thread unarchives it."""
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise RuleBroken(403, 50007, "Cannot send messages to this user")
        if not channel.is_thread:
            return
        guild = self.guilds[channel.guild_id]
        if author is self.bot and not guild.bot_permissions & SEND_MESSAGES_IN_THREADS:
            raise RuleBroken(403, 50013, "Missing Permissions")
        if channel.archived:
            if channel.locked:
                raise RuleBroken(400, 50083, "Thread is archived")
            self.set_archived(channel, False)

    def check_edit_rate(self, channel: Channel) -> None:
        """429 past ``EDIT_LIMIT`` edits per ``EDIT_WINDOW`` seconds in one channel."""
        now = self.now()
        recent = [t for t in self.edit_times.get(channel.id, []) if now - t < EDIT_WINDOW]
        if len(recent) >= EDIT_LIMIT:
            self.edit_times[channel.id] = recent
            self.rate_limited.append(f"edit #{channel.name}")
            raise RateLimited(EDIT_WINDOW - (now - recent[0]), f"edit-{channel.id}")
        self.edit_times[channel.id] = [*recent, now]

    def edit_message(
        self, message: Message, payload: dict[str, Any], files: list[StoredFile], *, where: str
    ) -> Message:
        channel = self.channels.get(message.channel_id)
        if channel is not None and channel.archived:
            raise RuleBroken(400, 50083, "Thread is archived")
        merged: dict[str, Any] = {
            "content": message.content,
            "embeds": message.embeds,
            "components": message.components,
        }
        merged.update({k: v for k, v in payload.items() if v is not None})
        if "attachments" in payload and payload["attachments"] is not None:
            keep = {int(a["id"]) for a in payload["attachments"] if "id" in a}
            kept = [a for a in message.attachments if a.id in keep]
        else:
            kept = list(message.attachments)
        self.validate(where, merged, kept + files)
        message.content = merged.get("content") or ""
        message.embeds = list(merged.get("embeds") or [])
        message.components = list(merged.get("components") or [])
        message.attachments = kept + files
        message.flags &= ~128  # an edited "thinking…" message is no longer loading
        message.edits += 1
        self.changed()
        return message
