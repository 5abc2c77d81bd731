"""Bounded reads, atomic writes, locks, and escaping of what is echoed."""
