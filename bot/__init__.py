"""The Discord glue of Wonders Table: settings, start-up, cogs, services and the store."""
