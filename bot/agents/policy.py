"""What the operator allows agents to be: the commands that may run, the hosts an HTTP agent may
reach and the environment variables that may hold its key (docs/agents.md, README "Security").

The operator (whoever runs the bot and holds its token) declares them in the TOML file named by
``WONDERS_AGENTS_FILE``; ``WONDERS_AGENTS_PUBLIC_HTTP=1`` alone allows HTTP agents on public
hosts. A server admin only picks among what is declared. Loopback, private, link-local,
multicast and other non-global addresses are refused unless the operator lists their network in
``allow_networks``; the address is checked again at connect time (``bot.agents.transport``), so
a name that resolves somewhere else than it did at registration is refused too.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yarl import URL

__all__ = [
    "AgentPolicy",
    "Address",
    "NotAllowed",
    "PolicyError",
    "is_bot_variable",
    "check_host_syntax",
    "load_policy",
]

log = logging.getLogger(__name__)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_LABEL = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")
_ENV = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
_KEYS = {"commands", "endpoints", "hosts", "public_hosts", "allow_networks", "key_envs"}
# Never an agent's key: the bot's own settings and what its libraries read (asyncpg: PG*).
_OWN_PREFIXES = ("DISCORD_", "WONDERS_", "PG")
ASK_OPERATOR = (
    "Only the bot's operator (whoever runs it) can allow that, in the file named by "
    "WONDERS_AGENTS_FILE (see docs/agents.md)."
)


class PolicyError(ValueError):
    """The operator's agents file is missing or malformed (the bot refuses to start)."""


class NotAllowed(Exception):
    """Refused by the operator's policy; the message says why and who can change it."""


def is_bot_variable(name: str) -> bool:
    """Whether the bot itself reads ``name`` (every setting is ``DISCORD_*`` or ``WONDERS_*``,
    tests/agents/test_policy.py checks it; asyncpg reads ``PG*``): never an agent's key."""
    return name.upper().startswith(_OWN_PREFIXES)


def check_host_syntax(host: str) -> Address | None:
    """The address of an IP literal, None for a valid host name; ``NotAllowed`` saying what
    is wrong otherwise ("host '999.999.999.999' is not a valid address")."""
    text = host.strip("[]")
    if ":" in text or re.fullmatch(r"[0-9.]+", text):
        try:
            return ipaddress.ip_address(text)
        except ValueError:
            raise NotAllowed(f"host '{host}' is not a valid address.") from None
    labels = text.lower().split(".")
    if len(text) > 253 or not all(_LABEL.match(label) for label in labels):
        raise NotAllowed(f"host '{host}' is not a valid host name.")
    if labels[-1].isdigit() or re.fullmatch(r"0x[0-9a-f]+", labels[-1]):
        raise NotAllowed(f"host '{host}' is not a valid address.")
    return None


def parse_url(url: str) -> URL:
    """A checked agent base url, or ``NotAllowed`` with the reason."""
    try:
        parsed = URL(url.strip())
        port = parsed.port
    except ValueError:
        raise NotAllowed(f"'{url[:200]}' is not a valid url.") from None
    if parsed.scheme not in ("http", "https") or not parsed.raw_host:
        raise NotAllowed("The url must start with http:// or https:// and name a host.")
    if parsed.user is not None or parsed.password is not None:
        raise NotAllowed("The url must not carry a user name or password.")
    if port is not None and not 0 < port < 65536:
        raise NotAllowed(f"port {port} is not a valid port.")
    if parsed.query_string or parsed.fragment:
        raise NotAllowed("The url must not have a query (?…) or a fragment (#…).")
    check_host_syntax(parsed.raw_host)
    return parsed


def _normal(url: URL) -> str:
    return str(url.with_path(url.path.rstrip("/") or "")).rstrip("/").lower()


@dataclass(frozen=True)
class AgentPolicy:
    """The operator's declaration (empty: no command agents, no HTTP agents)."""

    commands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    endpoints: tuple[str, ...] = ()  # exact base urls (normalised)
    hosts: frozenset[str] = frozenset()  # any url on these hosts
    public_hosts: bool = False  # any url on a host with public addresses
    allow_networks: tuple[Network, ...] = ()  # otherwise refused addresses that are allowed
    key_envs: frozenset[str] = frozenset()

    # -- commands ------------------------------------------------------------------------
    def command(self, name: str) -> tuple[str, ...]:
        """The argv the operator declared under ``name`` (exact, never through a shell)."""
        argv = self.commands.get(name.strip())
        if argv is None:
            offered = ", ".join(sorted(self.commands)) or "none"
            raise NotAllowed(
                f"The operator has not allowed a command agent called {name.strip()[:60]!r} "
                f"(commands allowed: {offered}). {ASK_OPERATOR}"
            )
        return argv

    # -- urls ----------------------------------------------------------------------------
    def check_url(self, url: str) -> URL:
        """The url if the operator allows agents there (its text; addresses are checked by
        ``check_address`` when resolved), else ``NotAllowed`` with the reason."""
        parsed = parse_url(url)
        host = (parsed.raw_host or "").lower().strip("[]")
        if _normal(parsed) in self.endpoints or host in self.hosts or self.public_hosts:
            literal = check_host_syntax(host)
            if literal is not None:
                self.check_address(literal, host)
            return parsed
        if not (self.endpoints or self.hosts):
            raise NotAllowed(f"The operator has not allowed HTTP agents. {ASK_OPERATOR}")
        raise NotAllowed(
            f"The operator has not allowed agents at {host}; allowed: "
            f"{', '.join([*self.endpoints, *sorted(self.hosts)])}. {ASK_OPERATOR}"
        )

    def check_address(self, address: Address, host: str) -> None:
        """Refuse a loopback, private, link-local, multicast or otherwise non-public address
        unless the operator allowed its network explicitly."""
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        if any(address in net for net in self.allow_networks):
            return
        if address.is_global and not address.is_multicast:
            return
        kind = next(
            (
                word
                for word, flag in (
                    ("loopback", address.is_loopback),
                    ("link-local", address.is_link_local),
                    ("multicast", address.is_multicast),
                    ("unspecified", address.is_unspecified),
                    ("private", address.is_private),
                )
                if flag
            ),
            "non-public",
        )
        raise NotAllowed(
            f"host '{host}' is at {address}, {'an' if kind[0] in 'aeiou' else 'a'} {kind} "
            "address: agents may not reach it "
            f"unless the operator allows that network. {ASK_OPERATOR}"
        )

    # -- keys ----------------------------------------------------------------------------
    def check_key_env(self, name: str) -> str:
        if not _ENV.match(name):
            raise NotAllowed(
                "key_env is the NAME of an environment variable holding the key (e.g. "
                "OPENAI_API_KEY), not the key itself. Never paste a key into a command."
            )
        if is_bot_variable(name):
            raise NotAllowed(
                f"${name} is one of the bot's own settings or secrets: it can never be an "
                "agent's key."
            )
        if name not in self.key_envs:
            offered = ", ".join(sorted(self.key_envs)) or "none"
            raise NotAllowed(
                f"The operator has not allowed ${name} as an agent key (allowed: {offered}). "
                f"{ASK_OPERATOR}"
            )
        return name


def load_policy(path: Path | None, public_hosts: bool = False) -> AgentPolicy:
    """The operator's policy from ``path`` (TOML); ``public_hosts`` also allows public hosts."""
    if path is None:
        return AgentPolicy(public_hosts=public_hosts)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PolicyError(f"cannot read the agents file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(f"the agents file {path} is not valid TOML: {exc}") from None
    unknown = set(data) - _KEYS
    if unknown:
        raise PolicyError(f"the agents file {path} has unknown keys: {', '.join(sorted(unknown))}")
    return AgentPolicy(
        commands=_commands(data.get("commands", {})),
        endpoints=tuple(_normal(_parse_checked(u)) for u in _strings(data, "endpoints")),
        hosts=frozenset(h.lower() for h in _strings(data, "hosts") if _host(h)),
        public_hosts=public_hosts or bool(data.get("public_hosts", False)),
        allow_networks=tuple(_network(n) for n in _strings(data, "allow_networks")),
        key_envs=frozenset(k for k in _strings(data, "key_envs") if _key(k)),
    )


def _parse_checked(url: str) -> URL:
    try:
        return parse_url(url)
    except NotAllowed as exc:
        raise PolicyError(f"agents file, endpoints: {exc}") from None


def _strings(data: Mapping[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PolicyError(f"agents file: {key} must be a list of strings")
    return list(value)


def _commands(value: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        raise PolicyError("agents file: [commands] maps a name to an argv list")
    found: dict[str, tuple[str, ...]] = {}
    for name, argv in value.items():
        if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
            raise PolicyError(f"agents file: commands.{name} must be a non-empty list of strings")
        found[str(name)] = tuple(argv)
    return found


def _host(host: str) -> bool:
    try:
        check_host_syntax(host)
    except NotAllowed as exc:
        raise PolicyError(f"agents file, hosts: {exc}") from None
    return True


def _network(text: str) -> Network:
    try:
        return ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise PolicyError(f"agents file: allow_networks: {text!r} is not a network") from None


def _key(name: str) -> bool:
    """Whether ``name`` may be a key; the bot's own variables are dropped, even if listed."""
    if not _ENV.match(name):
        raise PolicyError(f"agents file: key_envs: {name!r} is not a variable name")
    if is_bot_variable(name):
        log.warning("agents file: key_envs: $%s is the bot's own setting, never a key", name)
        return False
    return True
