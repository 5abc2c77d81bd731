"""The pure core: queries, the resolver, the rule engine and the check of one deck."""
