"""The typer command line: one module per command group, options and wiring only."""
