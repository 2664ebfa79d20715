"""7 Wonders Duel (``engine.duel``) as the bot plays it: the adapter (``game``) and its prompts."""
