"""The one typed settings object, read from the environment (and a ``.env`` file)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

if TYPE_CHECKING:
    from bot.agents.policy import AgentPolicy

__all__ = ["Settings", "load_settings"]

_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


def _env(name: str) -> AliasChoices:
    return AliasChoices(name)


class Settings(BaseSettings):
    """Environment variables (exact names are part of the public contract)."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias=_env("DISCORD_TOKEN"))
    # repr=False: a PostgreSQL URL may carry a password (see database_label()).
    database: str = Field(
        default="./wonders.db", validation_alias=_env("WONDERS_DATABASE"), repr=False
    )
    dev_guild: int | None = Field(default=None, validation_alias=_env("WONDERS_DEV_GUILD"))
    log_level: str = Field(default="INFO", validation_alias=_env("WONDERS_LOG_LEVEL"))
    discord_api_base: str | None = Field(default=None, validation_alias=_env("DISCORD_API_BASE"))
    discord_gateway_url: str | None = Field(
        default=None, validation_alias=_env("DISCORD_GATEWAY_URL")
    )
    # Pacing and background loops (seconds).
    ai_delay: float = Field(default=1.0, ge=0, validation_alias=_env("WONDERS_AI_DELAY"))
    ai_match_delay: float | None = Field(
        default=None, ge=0, validation_alias=_env("WONDERS_AI_MATCH_DELAY")
    )
    tick_seconds: float = Field(default=5.0, gt=0, validation_alias=_env("WONDERS_TICK_SECONDS"))
    # Agent seats (docs/agents.md): seconds per answer, agent turns per guild per UTC day.
    agent_timeout: float = Field(default=60.0, gt=0, validation_alias=_env("WONDERS_AGENT_TIMEOUT"))
    agent_daily_turns: int = Field(
        default=500, ge=0, validation_alias=_env("WONDERS_AGENT_DAILY_TURNS")
    )
    # The operator's agent policy (docs/agents.md): which commands may run, which hosts an
    # HTTP agent may reach, which variables may hold keys. Nothing is allowed without it,
    # except HTTP agents on public hosts when WONDERS_AGENTS_PUBLIC_HTTP=1.
    agents_file: Path | None = Field(default=None, validation_alias=_env("WONDERS_AGENTS_FILE"))
    agents_public_http: bool = Field(
        default=False, validation_alias=_env("WONDERS_AGENTS_PUBLIC_HTTP")
    )
    # Limits (README "Security"): per member and server, per server, and per process.
    max_lobbies_per_member: int = Field(
        default=3, ge=1, validation_alias=_env("WONDERS_MAX_LOBBIES_PER_MEMBER")
    )
    max_games_per_member: int = Field(
        default=10, ge=1, validation_alias=_env("WONDERS_MAX_GAMES_PER_MEMBER")
    )
    max_games_per_server: int = Field(
        default=100, ge=1, validation_alias=_env("WONDERS_MAX_GAMES_PER_SERVER")
    )
    max_ai_matches_per_server: int = Field(
        default=2, ge=0, validation_alias=_env("WONDERS_MAX_AI_MATCHES_PER_SERVER")
    )
    expert_seats: int = Field(default=2, ge=1, le=64, validation_alias=_env("WONDERS_EXPERT_SEATS"))
    expert_wait: float = Field(default=5.0, ge=0, validation_alias=_env("WONDERS_EXPERT_WAIT"))
    commands_per_minute: int = Field(
        default=20, ge=1, validation_alias=_env("WONDERS_COMMANDS_PER_MINUTE")
    )
    sync_on_start: bool = Field(default=False, validation_alias=_env("WONDERS_SYNC_ON_START"))
    # SQLite durability: NORMAL survives process crashes, FULL also power loss (slower commits);
    # the reasoning is at bot.store.core.DEFAULT_SYNCHRONOUS.
    sqlite_synchronous: Literal["NORMAL", "FULL"] = Field(
        default="NORMAL", validation_alias=_env("WONDERS_SQLITE_SYNCHRONOUS")
    )

    # Board images are drawn in this many worker processes (0: in threads); see bot.rendering.
    render_processes: int = Field(
        default=1, ge=0, le=32, validation_alias=_env("WONDERS_RENDER_PROCESSES")
    )

    # PostgreSQL (WONDERS_DATABASE=postgresql://…): connections per process, and how long a
    # dead process's shards wait before another process takes over their timers.
    db_pool_size: int = Field(
        default=10, ge=1, le=200, validation_alias=_env("WONDERS_DB_POOL_SIZE")
    )
    takeover_seconds: float = Field(
        default=60.0, gt=0, validation_alias=_env("WONDERS_TAKEOVER_SECONDS")
    )

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in _LEVELS:
            raise ValueError(f"must be one of {', '.join(_LEVELS)}")
        return level

    @field_validator("sqlite_synchronous", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator(
        "dev_guild",
        "discord_api_base",
        "discord_gateway_url",
        "ai_match_delay",
        "agents_file",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _policy_loads(self) -> Settings:
        self.agent_policy()  # a broken agents file stops the start with its reason
        return self

    def agent_policy(self) -> AgentPolicy:
        """The operator's agent policy (read from ``agents_file``)."""
        from bot.agents.policy import load_policy

        return load_policy(self.agents_file, self.agents_public_http)

    def uses_postgres(self) -> bool:
        """Whether ``database`` is a PostgreSQL URL (else a SQLite file)."""
        return self.database.startswith(("postgresql://", "postgres://"))

    def database_label(self) -> str:
        """The database for messages and logs: a SQLite path, or host:port/name (never the
        PostgreSQL password)."""
        from bot.store.postgres import describe_url

        return describe_url(self.database) if self.uses_postgres() else self.database

    def token(self) -> str | None:
        """The token's secret value; never log it."""
        return self.discord_token.get_secret_value() if self.discord_token else None

    def log_level_number(self) -> int:
        return int(logging.getLevelName(self.log_level))


def load_settings(**overrides: object) -> Settings:
    """Read the environment; ``overrides`` (from the command line) win over it."""
    values: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
    return Settings(**values)
