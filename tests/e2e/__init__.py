"""End-to-end tests: the real bot against the local Discord-compatible server."""
