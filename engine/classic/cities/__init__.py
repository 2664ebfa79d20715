"""The Cities expansion as a table option of the classic engine (``Config.expansions``).

The core modules call small hooks here, and only when ``State.cx`` is set (a Cities game), so a
base game runs exactly the code it ran before. Modules: ``ext`` (the per-game Cities facts held
in ``State.cx``), ``setup`` (decks with black cards, hands of 8), ``effects`` (what a placed
card or stage does at once), ``debt`` (coin losses: the end-of-turn pay-or-debt decision),
``diplomacy`` (conflicts with absent seats), ``scoring`` (masks, the Cities and Debt rows).
Rules and engine decisions: docs/cities.md.
"""
