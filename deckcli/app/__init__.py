"""The application layer: settings, repository scans, placing decks, running checks."""
