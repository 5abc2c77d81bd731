"""`python -m deckcli` runs the command line."""

from deckcli.cli.entry import main

raise SystemExit(main())
