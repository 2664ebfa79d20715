"""Outside players for Duel seats: a prompt in the seed's JSON protocol, sent over a transport
(an OpenAI-compatible chat-completions server or a local command), the answer parsed and checked
against the rules, with a retry and the heuristic as the fallback (docs/agents.md)."""
