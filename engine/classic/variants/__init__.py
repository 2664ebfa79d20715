"""Table options beyond the base deal, kept out of the core modules (which call small hooks
into them) so that expansions and variants compose: ``choice`` (the wonder-pick phase)."""
