"""The bot's floor: the value types every upper layer shares (a table, a prompt and its
component specs and ids, the game adapter's interface, the errors a user is answered with).

Imports nothing of the bot but ``bot.store``'s records; services, games, presenters and exts
all import from here."""
