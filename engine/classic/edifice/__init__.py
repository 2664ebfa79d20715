"""7 Wonders: Edifice (2023) as a plug-in of the classic engine (docs/edifice.md)."""
