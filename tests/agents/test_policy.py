"""The operator's agent policy: the file's format, and that the bot's own variables can never be
keys (the end-to-end cases are in tests/e2e/test_operator_agents.py)."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from bot.agents.policy import NotAllowed, PolicyError, is_bot_variable, load_policy
from bot.settings import Settings


def test_every_setting_of_the_bot_is_a_bot_variable() -> None:
    names = [
        choice
        for info in Settings.model_fields.values()
        for choice in getattr(info.validation_alias, "choices", ())
    ]
    assert "DISCORD_TOKEN" in names and "WONDERS_DATABASE" in names
    assert all(is_bot_variable(name) for name in names)
    assert is_bot_variable("PGPASSWORD") and not is_bot_variable("OPENAI_API_KEY")


def test_the_file_declares_commands_hosts_networks_and_keys(tmp_path: Path) -> None:
    path = tmp_path / "agents.toml"
    path.write_text(
        'endpoints = ["https://api.example.com/v1/"]\n'
        'hosts = ["Models.Example.org"]\n'
        'allow_networks = ["10.0.0.0/8"]\n'
        'key_envs = ["OPENAI_API_KEY", "DISCORD_TOKEN"]\n'
        "[commands]\n"
        'zed = ["python3", "/opt/zed.py", "--fast"]\n'
    )
    policy = load_policy(path)
    assert policy.command("zed") == ("python3", "/opt/zed.py", "--fast")
    assert policy.key_envs == {"OPENAI_API_KEY"}  # the bot's token is dropped, even if listed
    assert policy.check_url("https://api.example.com/v1") is not None
    assert policy.check_url("http://models.example.org:8080/x") is not None
    with pytest.raises(NotAllowed, match="has not allowed agents at other.example.com"):
        policy.check_url("https://other.example.com/v1")
    policy.check_address(ipaddress.ip_address("10.1.2.3"), "h")  # allowed explicitly
    with pytest.raises(NotAllowed, match="a loopback address"):
        policy.check_address(ipaddress.ip_address("::ffff:127.0.0.1"), "h")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("public_hosts = true\nshell = true\n", "unknown keys: shell"),
        ('hosts = ["-bad-.example..com"]\n', "is not a valid host name"),
        ('allow_networks = ["10.0.0.0/99"]\n', "is not a network"),
        ("[commands]\nsh = []\n", "non-empty list of strings"),
        ('key_envs = ["not a name"]\n', "is not a variable name"),
        ("hosts = [", "is not valid TOML"),
    ],
)
def test_a_broken_file_stops_the_start_with_its_reason(
    tmp_path: Path, text: str, reason: str
) -> None:
    path = tmp_path / "agents.toml"
    path.write_text(text)
    with pytest.raises(PolicyError, match=reason):
        load_policy(path)
    with pytest.raises(ValueError, match=reason):
        Settings(_env_file=None, agents_file=path)  # type: ignore[call-arg]
