"""One adapter per game (``classic``, ``duel``) and their registry (``bot.games.registry``).

Nothing is imported here: presenters import ``bot.games.base`` while the adapters import the
presenters, so the registry is its own module."""
