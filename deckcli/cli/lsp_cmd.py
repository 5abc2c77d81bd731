"""`deckcli lsp`: the language server for deck files, spoken over stdin and stdout."""

from __future__ import annotations

import typer

from deckcli.cli.app import app
from deckcli.cli.helpstyle import epilog
from deckcli.cli.runopts import global_pools
from deckcli.i18n import _


@app.command(help=_("Serve diagnostics, completion, hover, quick fixes and formatting of deck "
                    "files to "
      "an editor (Language Server Protocol on stdin/stdout)."), epilog=epilog(
    ("deckcli lsp", _("Start the server; an editor runs this and talks to it "
                      "(docs/editors.md).")),
    exits=_("0 the editor asked the server to exit; 3 internal error."),
))
def lsp() -> None:
    """Serve diagnostics, completion, hover, quick fixes and formatting of deck files to an
    editor (Language Server Protocol on stdin/stdout)."""
    import sys

    if sys.stdin.isatty():  # a person, not an editor: say what this is, then serve anyway
        typer.echo(_("deckcli lsp is a language server: it speaks the Language Server "
                     "Protocol on standard input and output, for an editor to start it "
                     "(see docs/editors.md). Press Ctrl-D to stop it."), err=True)
    from deckcli.lsp.server import serve  # pygls is imported only here

    serve(global_pools())
