"""A NON-editable install carries every package, the rule data and the SQL migrations."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import importlib.resources as r, json, sys
import bot, engine, render, migrations
from migrations import migration_files
from bot.__main__ import main
data = {}
for kind in ("classic", "duel"):
    folder = r.files(f"engine.{kind}") / "data"
    data[kind] = sorted(f.name for f in folder.iterdir()) if folder.is_dir() else []
from render import kit
fonts = sorted(f.name for f in (r.files("render") / "fonts").iterdir())
print(json.dumps({
    "fonts": fonts,
    "cjk_width": kit.text_width("李小龍", 24),
    "paths": [m.__file__ for m in (bot, engine, render, migrations)],
    "migrations": [f.name for f in migration_files()],
    "data": data,
}))
"""


def _build_copy(tmp_path: Path) -> Path:
    """Copy the project without build leftovers, so the test installs what git would ship."""
    src = tmp_path / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".venv", "*.db*")
    for name in ("pyproject.toml", "README.md", "bot", "engine", "render", "migrations"):
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    return src


def test_non_editable_install_ships_data_and_migrations(tmp_path: Path) -> None:
    src = _build_copy(tmp_path)
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(src),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(target)
    probe = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )

    found = json.loads(probe.stdout)
    assert all(p.startswith(str(target)) for p in found["paths"]), found["paths"]
    assert found["migrations"] and found["migrations"][0].startswith("0001_")
    for kind in ("classic", "duel"):
        assert any(name.endswith((".yaml", ".json")) for name in found["data"][kind]), kind
    # the fonts ship beside their license, and a CJK name measures as three real glyphs
    assert {"NotoSans-Regular.ttf", "NotoSansCJKsc-Subset.otf", "OFL.txt"} <= set(found["fonts"])
    assert found["cjk_width"] >= 60
    entry_points = next(target.glob("wonders_table-*.dist-info")) / "entry_points.txt"
    assert "wonders-bot = bot.__main__:main" in entry_points.read_text()
    no_token = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert no_token.returncode == 2 and "DISCORD_TOKEN" in no_token.stderr
