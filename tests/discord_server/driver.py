"""Simulated people: ``UserDriver`` builds interactions the way the Discord client does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.discord_server.models import (
    Channel,
    Guild,
    Member,
    Message,
    snowflakes,
)
from tests.discord_server.rules import MAX_FILE_BYTES

if TYPE_CHECKING:
    from tests.discord_server.server import Interaction, LocalDiscord

__all__ = ["UserDriver"]

_VALUE_TYPES = {3: str, 4: int, 5: bool, 10: float}


class UserDriver:
    """One member of a guild who types commands and clicks components in a channel."""

    def __init__(
        self, server: LocalDiscord, member: Member, guild: Guild, channel: Channel
    ) -> None:
        self.server, self.member, self.guild, self.channel = server, member, guild, channel

    @property
    def id(self) -> int:
        return self.member.id

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def mention(self) -> str:
        return f"<@{self.member.id}>"

    def __repr__(self) -> str:
        return f"<UserDriver {self.name} {self.id}>"

    # -- what this person sees ------------------------------------------------------------
    def ephemerals(self, channel: Channel | None = None) -> list[Message]:
        """Ephemeral messages shown to this user (newest last)."""
        where = channel or self.channel
        return [
            m for m in where.messages if m.ephemeral and m.visible_to == self.id and not m.deleted
        ]

    def dms(self) -> list[Message]:
        """Direct messages the bot sent this user (oldest first)."""
        found = self.server.dm_channels.get(self.id)
        return [m for m in found.messages if not m.deleted] if found else []

    def close_dms(self) -> None:
        """Turn off "Allow direct messages": the bot's DMs now fail with 50007."""
        self.member.dms_open = False

    def visible(self, channel: Channel | None = None) -> list[Message]:
        where = channel or self.channel
        return [
            m
            for m in where.messages
            if not m.deleted and (not m.ephemeral or m.visible_to == self.id)
        ]

    # -- actions --------------------------------------------------------------------------
    async def command(
        self,
        name: str,
        /,
        *,
        at_channel: Channel | None = None,
        wait: bool = True,
        forced: bool = False,
        **options: Any,
    ) -> Interaction:
        """``await alice.command("wonders create", game="classic", players=3)``. ``forced``:
        send values outside the offered choices and ranges, as a modified client can."""
        data = self._command_data(name, options, focused=None, forced=forced)
        return await self._send(2, data, at_channel, None, wait)

    async def autocomplete(
        self,
        name: str,
        /,
        *,
        focused: str | None = None,
        at_channel: Channel | None = None,
        **options: Any,
    ) -> list[str]:
        """Type into an autocomplete option (the last keyword, or ``focused``); choice names."""
        focused = focused or list(options)[-1]
        data = self._command_data(name, options, focused=focused)
        inter = await self._send(4, data, at_channel, None, True)
        await self.server.wait_for(lambda: inter.choices is not None, 5.0)
        return [str(c["name"]) for c in inter.choices or []]

    async def click(
        self,
        message: Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        wait: bool = True,
    ) -> Interaction:
        """Click the button with this label (or custom_id) on ``message``."""
        buttons = [
            b
            for b in message.buttons()
            if b.get("style") != 5
            and (custom_id is None or b.get("custom_id") == custom_id)
            and (label is None or b.get("label") == label)
        ]
        assert buttons, f"no button {label or custom_id!r} on message: {message.labels()}"
        button = buttons[0]
        assert not button.get("disabled"), f"button {button.get('label')!r} is disabled"
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._send(3, data, None, message, wait)

    async def click_custom_id(
        self,
        message: Message,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[str] | None = None,
        wait: bool = True,
    ) -> Interaction:
        """Send a component interaction with any (possibly forged) custom_id."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        return await self._send(3, data, None, message, wait)

    async def select(
        self, message: Message, which: str, values: list[str], *, wait: bool = True
    ) -> Interaction:
        """Choose option values (or labels) in the select whose custom_id or placeholder is
        ``which``; an empty ``which`` means the only select on the message."""
        selects = [
            c
            for c in message.items()
            if c.get("type") in (3, 5, 6, 7, 8)
            and which in ("", c.get("custom_id"), c.get("placeholder"))
        ]
        assert selects, f"no select {which!r} on message {message.id}"
        menu = selects[0]
        assert not menu.get("disabled"), f"select {which!r} is disabled"
        by_label = {o["label"]: o["value"] for o in menu.get("options", [])}
        allowed = {o["value"] for o in menu.get("options", [])}
        chosen = [by_label.get(v, v) for v in values]
        if menu.get("type") == 3:
            missing = [v for v in chosen if v not in allowed]
            assert not missing, f"{missing} not among the options {sorted(by_label)}"
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        assert low <= len(chosen) <= high, f"select takes {low}-{high} values"
        data = {"custom_id": menu["custom_id"], "component_type": menu["type"], "values": chosen}
        return await self._send(3, data, None, message, wait)

    async def submit_modal(
        self, opened: Interaction, values: dict[str, str], *, wait: bool = True
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to ``opened``."""
        assert opened.modal is not None, "the bot did not open a modal"
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": opened.modal["custom_id"], "components": rows}
        return await self._send(5, data, None, opened.message, wait)

    # -- plumbing -------------------------------------------------------------------------
    def _find_command(self, top: str) -> dict[str, Any]:
        registered = self.server.guild_commands.get(self.guild.id, []) + self.server.global_commands
        for command in registered:
            if command["name"] == top and command.get("type", 1) == 1:
                return command
        raise AssertionError(f"/{top} is not registered (sync the command tree first)")

    def _command_data(
        self, name: str, options: dict[str, Any], focused: str | None, forced: bool = False
    ) -> dict[str, Any]:
        words = name.split()
        command = self._find_command(words[0])
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "guild_id": str(self.guild.id),
        }
        node, holder = command, data
        for word in words[1:]:
            subs = [o for o in node.get("options", []) if o["type"] in (1, 2) and o["name"] == word]
            assert subs, f"/{name}: no subcommand {word!r}"
            node = subs[0]
            child: dict[str, Any] = {"type": node["type"], "name": word}
            holder["options"] = [child]
            holder = child
        resolved: dict[str, Any] = {}
        holder["options"] = [
            self._option(node, key, value, focused == key, resolved, forced)
            for key, value in options.items()
        ]
        for spec in node.get("options", []):
            if spec.get("required") and spec["name"] not in options and focused is None:
                raise AssertionError(f"/{name}: required option {spec['name']!r} missing")
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(
        self,
        node: dict[str, Any],
        key: str,
        value: Any,
        focused: bool,
        resolved: dict[str, Any],
        forced: bool = False,
    ) -> dict[str, Any]:
        specs = [o for o in node.get("options", []) if o["name"] == key]
        assert specs, f"option {key!r} unknown; have {[o['name'] for o in node['options']]}"
        spec = specs[0]
        kind = spec["type"]
        if isinstance(value, UserDriver) and kind in (6, 9):
            resolved.setdefault("users", {})[str(value.id)] = value.member.user_json()
            member = value.member.member_json()
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
            value = str(value.id)
        elif not focused and kind in _VALUE_TYPES:
            value = _VALUE_TYPES[kind](value)
            choices = [c["value"] for c in spec.get("choices") or []]
            assert forced or not choices or value in choices, (
                f"{key}={value!r} not in choices {choices}"
            )
        option: dict[str, Any] = {"name": key, "type": kind, "value": value}
        if focused:
            option["focused"] = True
        return option

    def _payload(
        self,
        kind: int,
        data: dict[str, Any],
        channel: Channel,
        message: Message | None,
        token: str,
        inter_id: int,
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(inter_id),
            "application_id": str(self.server.application_id),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "guild_id": str(self.guild.id),
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "member": self.member.member_json(),
            "app_permissions": str(self.guild.bot_permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild.id)},
            "context": 0,
            "attachment_size_limit": MAX_FILE_BYTES,
        }
        if channel.recipient is not None:  # the bot's DM: no server, the user instead of member
            for key in ("guild_id", "member", "guild_locale"):
                payload.pop(key)
            payload["user"] = self.member.user_json()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"1": str(self.id)}
        if message is not None:
            guild_id = None if channel.recipient is not None else self.guild.id
            payload["message"] = message.to_json(self.server.base_url, guild_id)
        return payload

    async def _send(
        self,
        kind: int,
        data: dict[str, Any],
        channel: Channel | None,
        message: Message | None,
        wait: bool,
    ) -> Interaction:
        from tests.discord_server.server import Interaction

        if message is not None:
            assert not message.deleted, "the message was deleted"
            assert not message.ephemeral or message.visible_to == self.id, (
                f"{self.name} cannot see ephemeral message {message.id}"
            )
            where = self.server.channels[message.channel_id]
        else:
            where = channel or self.channel
        # Nobody can act in a private thread they can't see (Discord doesn't show it to them).
        assert where.sees(self.id), f"{self.name} cannot see private thread {where.name!r}"
        inter_id = next(snowflakes)
        token = f"token-{inter_id}"
        inter = Interaction(
            inter_id,
            token,
            kind,
            self.member,
            where,
            0.0,
            message=message,
            what=str(data.get("custom_id") or "/" + str(data.get("name", ""))),
            edits_before=message.edits if message is not None else 0,
        )
        await self.server.dispatch_interaction(
            inter, self._payload(kind, data, where, message, token, inter_id)
        )
        if wait:
            await self.server.wait_for(lambda: inter.acked, self.server.ack_deadline + 2.0)
        return inter
