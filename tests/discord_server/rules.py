"""Discord's limits on messages and components; every breach becomes a violation + a 400."""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_FILE_BYTES", "check_autocomplete", "check_message"]

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_CONTENT = 2000
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_EMBED_CHARS = 6000


def check_message(payload: dict[str, Any], files: list[tuple[str, bytes]]) -> list[str]:
    """Return one text per broken rule of a message create/edit payload."""
    errors: list[str] = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        errors.append(f"content is {len(content)} characters (max {MAX_CONTENT})")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        errors.append(f"{len(embeds)} embeds (max {MAX_EMBEDS})")
    total = sum(_embed_chars(e) for e in embeds)
    if total > MAX_EMBED_CHARS:
        errors.append(f"embeds hold {total} characters (max {MAX_EMBED_CHARS})")
    if len(files) > MAX_FILES:
        errors.append(f"{len(files)} files (max {MAX_FILES})")
    for name, data in files:
        if len(data) > MAX_FILE_BYTES:
            errors.append(f"file {name} is {len(data)} bytes (max {MAX_FILE_BYTES})")
    errors += check_components(payload.get("components") or [])
    return errors


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for fld in embed.get("fields") or []:
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    return total


def check_components(rows: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    if len(rows) > 5:
        errors.append(f"{len(rows)} action rows (max 5)")
    seen: set[str] = set()
    for index, row in enumerate(rows):
        if row.get("type") != 1:
            errors.append(f"row {index} has type {row.get('type')} (expected action row 1)")
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        if not children:
            errors.append(f"row {index} is empty")
        if len(buttons) > 5:
            errors.append(f"row {index} holds {len(buttons)} buttons (max 5)")
        if len(buttons) != len(children) and len(children) > 1:
            errors.append(f"row {index} mixes a select with other components")
        for child in children:
            errors += _check_item(child, seen)
    return errors


def _check_item(item: dict[str, Any], seen: set[str]) -> list[str]:
    errors: list[str] = []
    is_link = item.get("type") == 2 and item.get("style") == 5
    custom_id = item.get("custom_id")
    if not is_link:
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            errors.append(f"custom_id {custom_id!r} must be 1-100 characters")
        elif custom_id in seen:
            errors.append(f"custom_id {custom_id!r} is not unique in the message")
        else:
            seen.add(custom_id)
    if item.get("type") == 2:
        label = item.get("label") or ""
        if len(label) > 80:
            errors.append(f"button label of {len(label)} characters (max 80)")
        if not label and not item.get("emoji"):
            errors.append(f"button {custom_id!r} has neither label nor emoji")
    elif item.get("type") == 3:
        errors += _check_select(item)
    return errors


def _check_select(item: dict[str, Any]) -> list[str]:
    errors: list[str] = []
    options = item.get("options") or []
    if not 1 <= len(options) <= 25:
        errors.append(f"select {item.get('custom_id')!r} has {len(options)} options (1-25)")
    if len(item.get("placeholder") or "") > 150:
        errors.append("select placeholder longer than 150 characters")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        errors.append(f"select {item.get('custom_id')!r} repeats an option value")
    for option in options:
        for key in ("label", "value", "description"):
            text = option.get(key) or ""
            if len(text) > 100:
                errors.append(f"select option {key} of {len(text)} characters (max 100)")
        if not option.get("label") or not option.get("value"):
            errors.append("select option without label or value")
    low, high = item.get("min_values", 1), item.get("max_values", 1)
    if not 0 <= low <= high <= max(len(options), 1):
        errors.append(f"select min/max values {low}/{high} do not fit {len(options)} options")
    return errors


def check_autocomplete(choices: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    if len(choices) > 25:
        errors.append(f"{len(choices)} autocomplete choices (max 25)")
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            errors.append(f"autocomplete choice name {choice.get('name')!r} must be 1-100 chars")
    return errors
