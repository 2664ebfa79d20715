"""7 Wonders (``engine.classic``) as the bot plays it: the adapter (``game``), its prompts and
texts, and one module per expansion (``leaders``, ``cities``, ``gods``)."""
