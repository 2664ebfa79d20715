"""The operator's agents file (``WONDERS_AGENTS_FILE``) for the end-to-end tests.

The fake model server runs on 127.0.0.1, a loopback address the bot refuses unless the
operator allows it: ``LOCAL_MODELS`` is the operator's explicit permission, as a real operator
running a model on the same host would write it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["AGENT_SCRIPT", "LOCAL_MODELS", "agents_file", "python_agent"]

AGENT_SCRIPT = Path(__file__).resolve().parents[1] / "agents" / "cmd_agent.py"
LOCAL_MODELS: dict[str, object] = {"hosts": ["127.0.0.1"], "allow_networks": ["127.0.0.1/32"]}


def agents_file(
    folder: Path,
    *,
    commands: Mapping[str, Sequence[str]] | None = None,
    **values: object,
) -> Path:
    """Write the TOML file (top-level ``values``, a ``[commands]`` table) and return its path."""
    lines = [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    if commands:
        lines.append("[commands]")
        lines += [f"{json.dumps(name)} = {json.dumps(list(cmd))}" for name, cmd in commands.items()]
    path = folder / "agents.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def python_agent(*args: str) -> list[str]:
    """The argv of the test command agent (``tests/agents/cmd_agent.py``) with ``args``."""
    return [sys.executable, str(AGENT_SCRIPT), *args]
