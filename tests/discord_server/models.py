"""In-memory Discord objects kept by the local server (guilds, channels, members, messages)."""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ADMIN_PERMISSIONS",
    "CREATE_PUBLIC_THREADS",
    "MEMBER_PERMISSIONS",
    "SEND_MESSAGES_IN_THREADS",
    "Channel",
    "Guild",
    "Member",
    "Message",
    "StoredFile",
    "Violation",
    "iso_now",
    "snowflakes",
]

ADMIN_PERMISSIONS = (1 << 41) - 1  # every permission bit, including Administrator (8)
# View channel, send messages, embed links, attach files, read history, use app commands.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
THREAD_TYPES = (10, 11, 12)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
EPHEMERAL = 64
LOADING = 128

# Snowflakes whose timestamp part is "now" so discord.py's created_at looks sane; one
# millisecond apart so guilds spread over shards ((guild_id >> 22) % shard_count).
snowflakes = itertools.count(((int(time.time() * 1000) - 1420070400000) << 22) + 1, 1 << 22)


def iso_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())


@dataclass
class Violation:
    """A broken Discord rule; end-to-end fixtures assert that none happened."""

    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail}"


@dataclass
class StoredFile:
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    id: int = field(default_factory=lambda: next(snowflakes))

    def to_json(self, base: str) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": f"{base}/attachments/{self.id}/{self.filename}",
            "proxy_url": f"{base}/attachments/{self.id}/{self.filename}",
            "content_type": self.content_type,
        }


@dataclass
class Member:
    id: int
    name: str
    admin: bool = False
    bot: bool = False
    dms_open: bool = True  # False: "Allow direct messages" is off, DMs answer 50007

    def user_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def permissions(self) -> int:
        return ADMIN_PERMISSIONS if self.admin else MEMBER_PERMISSIONS

    def member_json(self) -> dict[str, Any]:
        return {
            "user": self.user_json(),
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(self.permissions()),
        }


@dataclass
class Message:
    id: int
    channel_id: int
    author: Member
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredFile] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None  # the one user who may see an ephemeral message
    webhook_id: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    mentions: list[int] = field(default_factory=list)  # users pinged when it was posted
    type: int = 0  # 18: "X started a thread" system message
    thread_id: int | None = None  # the thread started from this message

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def to_json(self, base: str, guild_id: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type if self.interaction_id is None else 20,
            "content": self.content,
            "author": self.author.user_json(),
            "timestamp": iso_now(),
            "edited_timestamp": iso_now() if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json(base) for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "components": self.components,
            "flags": self.flags,
        }
        if guild_id:
            data["guild_id"] = str(guild_id)
        if self.thread_id is not None:
            data["flags"] = self.flags | 32  # HAS_THREAD
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        return data

    # -- helpers for tests -------------------------------------------------
    def text(self) -> str:
        """Content, embed texts and attachment names: everything a reader sees as text."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [str(embed.get(k, "")) for k in ("title", "description")]
            parts += [str(embed.get("footer", {}).get("text", ""))]
            parts += [str(embed.get("author", {}).get("name", ""))]
            for fld in embed.get("fields", []):
                parts += [str(fld.get("name", "")), str(fld.get("value", ""))]
        parts += [a.filename for a in self.attachments]
        return "\n".join(p for p in parts if p)

    def pinged_ids(self) -> set[int]:
        """Users Discord notified: the content's mentions that ``allowed_mentions`` let ping."""
        return set(self.mentions)

    def mentioned_ids(self) -> set[int]:
        """Users pinged by ``<@id>`` / ``<@!id>`` in the content (what notifies people)."""
        return {int(found) for found in re.findall(r"<@!?(\d+)>", self.content)}

    def items(self) -> list[dict[str, Any]]:
        """Every component inside the action rows (buttons and selects)."""
        found: list[dict[str, Any]] = []
        stack = list(self.components)
        while stack:
            comp = stack.pop(0)
            if comp.get("type") in (1, 17, 9):  # rows and layout containers
                stack[:0] = list(comp.get("components", []))
                if "accessory" in comp:
                    stack.insert(0, comp["accessory"])
            else:
                found.append(comp)
        return found

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.items() if c.get("type") == 2]

    def labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons()]

    def images(self) -> list[bytes]:
        return [a.data for a in self.attachments if a.data.startswith(PNG_MAGIC)]

    def image(self) -> bytes:
        """The first PNG attachment's bytes (AssertionError when there is none)."""
        pngs = self.images()
        assert pngs, f"message {self.id} has no PNG attachment: {self.content[:80]!r}"
        return pngs[0]


@dataclass
class Channel:
    id: int
    guild_id: int
    name: str
    type: int = 0  # 0 text, 1 DM, 11 public thread, 12 private thread
    parent_id: int | None = None
    archived: bool = False
    messages: list[Message] = field(default_factory=list)
    thread_members: set[int] = field(default_factory=set)
    locked: bool = False  # a locked archived thread stays archived when posted to (50083)
    invitable: bool = True  # private threads: whether non-moderators may add members
    auto_archive_minutes: int = 4320
    last_activity: float = 0.0  # server clock of the last message (threads auto-archive)
    recipient: Member | None = None  # the other person of a DM channel
    threads: list[Channel] = field(default_factory=list)  # threads started here

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def to_json(self) -> dict[str, Any]:
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.user_json()],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.parent_id is not None:
            data["parent_id"] = str(self.parent_id)
            data["owner_id"] = "0"
            data["member_count"] = len(self.thread_members)
            data["message_count"] = len(self.messages)
            data["thread_metadata"] = {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_minutes,
                "archive_timestamp": iso_now(),
                "locked": self.locked,
                "invitable": self.invitable,
            }
        return data

    def public(self) -> list[Message]:
        """Messages everyone in the channel sees (no ephemerals, nothing deleted, not loading)."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    def sees(self, user_id: int) -> bool:
        """Discord shows a private thread only to its members (moderators aside)."""
        return self.type != 12 or user_id in self.thread_members

    def public_with_threads(self) -> list[Message]:
        """Public messages of the channel and of its threads, oldest first (snowflake order)."""
        found = self.public() + [m for t in self.threads for m in t.public()]
        return sorted(found, key=lambda m: m.id)


def pinged(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """Whom a new message pings: its ``<@id>`` mentions, filtered by ``allowed_mentions`` as
    Discord does (absent: all; ``parse`` with "users": all; else only the listed ``users``)."""
    found = {int(u) for u in re.findall(r"<@!?(\d+)>", content)}
    if allowed is not None and "users" not in (allowed.get("parse") or []):
        found &= {int(u) for u in allowed.get("users") or []}
    return sorted(found)


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    # What the bot may do here (interactions' app_permissions; thread creation checks it).
    bot_permissions: int = ADMIN_PERMISSIONS

    def to_json(self, bot: Member) -> dict[str, Any]:
        everyone = {
            "id": str(self.id),
            "name": "@everyone",
            "permissions": str(MEMBER_PERMISSIONS),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c.to_json() for c in self.channels if not c.is_thread],
            # Like Discord, GUILD_CREATE lists only the active (unarchived) threads.
            "threads": [c.to_json() for c in self.channels if c.is_thread and not c.archived],
            "members": [bot.member_json()],
            "member_count": len(self.members) + 1,
            "large": False,
            "unavailable": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
