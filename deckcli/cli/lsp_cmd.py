"""`deckcli lsp`: the language server for deck files, spoken over stdin and stdout."""

from __future__ import annotations

from deckcli.cli.app import app, global_pools
from deckcli.cli.helpstyle import epilog
from deckcli.i18n import _


@app.command(help=_("Serve diagnostics, completion, hover, quick fixes and formatting of deck "
                    "files to "
      "an editor (Language Server Protocol on stdin/stdout)."), epilog=epilog(
    ("deckcli lsp", _("Start the server; an editor runs this and talks to it "
                      "(docs/editors.md).")),
    exits=_("0 the editor asked the server to exit; 3 internal error."),
))
def lsp() -> None:
    from deckcli.lsp.server import serve  # pygls is imported only here

    serve(global_pools())
