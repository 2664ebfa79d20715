"""Presenters: what the bot shows, without Discord - prompts and their component specs,
public round reports, texts, ``custom_id`` formats and the read-only answers. The application
services (``bot.services``) decide; these describe."""
