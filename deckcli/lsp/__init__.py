"""The language server (`deckcli lsp`): deck documents held by an editor, checked as `deckcli
check` checks files, with completion, hover, quick fixes and formatting. Imports pygls, so
nothing outside this package imports it but the `lsp` command."""
