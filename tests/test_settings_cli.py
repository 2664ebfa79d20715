"""Settings are read from the exact environment names; the CLI fails cleanly without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.settings import Settings

ENV_NAMES = (
    "DISCORD_TOKEN",
    "WONDERS_DATABASE",
    "WONDERS_DEV_GUILD",
    "WONDERS_LOG_LEVEL",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the developer's checkout
    return tmp_path


def test_defaults_without_environment(clean_env: Path) -> None:
    settings = Settings()
    assert settings.token() is None
    assert settings.database == "./wonders.db"
    assert settings.dev_guild is None
    assert settings.log_level == "INFO"
    assert settings.discord_api_base is None and settings.discord_gateway_url is None


def test_every_variable_is_read(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    values = {
        "DISCORD_TOKEN": "abc.def",
        "WONDERS_DATABASE": "/tmp/x.db",
        "WONDERS_DEV_GUILD": "1234",
        "WONDERS_LOG_LEVEL": "debug",
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    assert settings.token() == "abc.def"
    assert settings.database == "/tmp/x.db"
    assert settings.dev_guild == 1234
    assert settings.log_level == "DEBUG"
    assert settings.discord_api_base == "http://127.0.0.1:9/api/v10"
    assert settings.discord_gateway_url == "ws://127.0.0.1:9/gateway"


def test_dotenv_file_is_read(clean_env: Path) -> None:
    (clean_env / ".env").write_text("DISCORD_TOKEN=from-file\nWONDERS_DATABASE=games.db\n")
    settings = Settings()
    assert settings.token() == "from-file"
    assert settings.database == "games.db"


def test_token_never_in_repr(clean_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    settings = Settings()
    assert "super-secret-token" not in repr(settings)
    assert "super-secret-token" not in str(settings.model_dump())


def test_no_token_exits_2_with_one_line(
    clean_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DISCORD_TOKEN" in err[0]


def test_bad_setting_exits_2_naming_the_variable(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    monkeypatch.setenv("WONDERS_DEV_GUILD", "not-a-number")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "WONDERS_DEV_GUILD" in err and "super-secret-token" not in err


def test_shard_ids_need_shard_count(clean_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--shard-ids", "0,1"]) == 2
    assert "--shard-count" in capsys.readouterr().err


def test_console_entry_without_token_in_subprocess(clean_env: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=env,
        cwd=clean_env,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "DISCORD_TOKEN" in proc.stderr


def test_help_lists_the_options(clean_env: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0
    for option in ("--database", "--log-level", "--shard-count", "--shard-ids"):
        assert option in proc.stdout


@pytest.mark.parametrize(
    "args",
    [["--shard-count", "0"], ["--shard-count", "-2"], ["--shard-count", "2", "--shard-ids", "1,1"]],
)
def test_bad_shard_options_exit_2(
    clean_env: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    assert "shard" in capsys.readouterr().err


def test_unusable_database_path_exits_2_before_login(
    clean_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    for path, reason in (
        (clean_env / "no" / "such" / "w.db", "does not exist"),
        (clean_env, "is a directory"),
    ):
        monkeypatch.setenv("WONDERS_DATABASE", str(path))
        assert main([]) == 2
        err = capsys.readouterr().err
        assert "WONDERS_DATABASE" in err and reason in err and "super-secret" not in err
