"""deckcli: build, check and goldfish trading-card-game decks kept as files."""

__version__ = "0.1.0"
