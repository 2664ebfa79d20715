"""One package per game (``classic``, ``duel``), each with its adapter, prompts and texts, and
their registry (``bot.games.registry``: the one line that registers a game)."""
