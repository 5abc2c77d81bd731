"""`python -m deckcli` runs the command line."""

from deckcli.cli.app import main

raise SystemExit(main())
