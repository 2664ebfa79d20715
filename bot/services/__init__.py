"""Application services of the bot, without Discord: lobbies, moves, AI seats, timers, server
data (what to show is in ``bot.presenters``). Import the modules themselves: this package
imports nothing, so presenters and services may import each other's modules in any order."""
