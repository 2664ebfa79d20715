"""The Leaders expansion of 7 Wonders (first edition), a table option of the classic engine
(``Config(expansions=("leaders",))``); rules and decisions in docs/leaders.md.

Modules: ``data`` (the 36 leaders from ``engine/classic/data/leaders.yaml`` + the 6 of
``cities.yaml``), ``cities`` (the Cities leaders' hooks, games with both), ``state`` (the
``State.leaders`` part), ``play`` (setup, draft, recruitment turns), ``effects`` (hooks during
the Ages: discounts, coins, conflicts), ``scoring`` (the Leaders row), ``views`` (what a seat
sees, move texts). This package imports nothing at import time: ``engine.classic.state``
imports ``data`` from it.
"""
