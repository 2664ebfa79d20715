"""The one typed settings object, read from the environment (and a ``.env`` file)."""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
        "dev_guild", "discord_api_base", "discord_gateway_url", "ai_match_delay", mode="before"
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

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
