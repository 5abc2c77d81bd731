"""Plain data and its indexes: cards, decks, pools, problems, results; no files, no terminal."""
