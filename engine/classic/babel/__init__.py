"""Babel (2014) as two plug-ins of the classic engine: the Tower of Babel (``babel-tower``) and
the Great Projects (``babel-projects``). Data: ``data/``; rules and decisions: docs/babel.md."""
