"""Deck file formats: recognising, reading and writing each one."""
