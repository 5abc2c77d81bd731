"""`deckcli check`: is each deck legal for its game and format, and why not.

The command's options, as typer reads them; what it does with them is `cli.check_run` (a
plain command line skips typer: `cli.entry`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from deckcli.cli import complete
from deckcli.cli.app import app
from deckcli.cli.helpstyle import epilog
from deckcli.cli.options import DeckFormatOption, GameOption
from deckcli.formats.kinds import suffix_list
from deckcli.i18n import _
from deckcli.report import RENDERERS

OUTPUT_FORMATS = tuple(RENDERERS)  # the report registry's names


@app.command(help=_("Check decks against their game's deck-construction rules.\n\nSettings come "
                    "from the "
      "command line, then [tool.deckcli] in pyproject.toml or deckcli.toml (see `deckcli "
      "config`)."), epilog=epilog(
    ("deckcli check samples/", _("Every deck under a folder, each judged by its own game.")),
    ("deckcli check decks/ --format github --strict", _("Annotations in a GitHub Actions "
                                                        "job; warnings fail too.")),
    ("deckcli check list.txt -g megaman --select copies,deck-size", _("A text list, two rules.")),
    ("deckcli check decks/ --fix", _("Apply the safe fixes, then report what is left.")),
    ("deckcli check deck.toml --diff --unsafe-fixes", _("Show what the fixes would change; "
                                                        "write nothing.")),
    exits=_("0 every deck legal; 1 a deck is illegal or unreadable (or a folder holds no "
            "decks, or a fix could not be written; with --diff: a file would change); 2 usage "
            "error (bad option, missing path, unknown game or rule id); 3 internal error (a "
            "bug: rerun with --debug and report it)."),
))
def check(
    paths: Annotated[
        list[Path],
        typer.Argument(metavar="PATH...",
            help=_("Deck files or folders (searched for decks: {suffixes}).").format(
                suffixes=suffix_list()), show_default=False
        ),
    ],
    format_: Annotated[
        str | None,
        typer.Option("--format", "-f", metavar="FORMAT",
                     help=_("Output format: {items} (default rich; $DECKCLI_FORMAT, the "
                            "config's format, github under GitHub Actions).").format(
                              items=', '.join(OUTPUT_FORMATS))),
    ] = None,
    game: GameOption = None,
    deck_format: DeckFormatOption = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE",
                                  help=_("Write the report to FILE."))
    ] = None,
    strict: Annotated[bool | None, typer.Option(
        "--strict/--no-strict", help=_("Warnings fail the check too."), show_default=False)] = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="IDS", autocompletion=complete.rule_ids,
                     help=_("Report only these rule ids (comma-separated, repeatable).")),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option(
            "--ignore", metavar="IDS", autocompletion=complete.rule_ids,
            help=_("Do not report these rule ids (comma-separated, repeatable)."),
        ),
    ] = None,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="GLOB", help=_("Skip files and folders matching GLOB "
                                            "(gitignore syntax), instead of the default "
                                            "exclusions (hidden folders, node_modules, "
                                            "__pycache__). Repeatable."))] = None,
    extend_exclude: Annotated[list[str] | None, typer.Option(
        "--extend-exclude", metavar="GLOB",
        help=_("Skip these too, keeping the default exclusions. Repeatable."))] = None,
    force_exclude: Annotated[bool, typer.Option(
        "--force-exclude", help=_("Apply exclusions and deck detection to files named on "
                                  "the command line too (for pre-commit)."))] = False,
    allow_outside: Annotated[bool, typer.Option(
        "--allow-outside", help=_("Read a file or folder named here (and write -o) even "
                                  "when, inside a git work tree, a symbolic link leads it "
                                  "outside the work tree (refused otherwise; no configuration "
                                  "can allow it)."))] = False,
    isolated: Annotated[bool, typer.Option(
        "--isolated", help=_("Read no configuration file (deckcli.toml, pyproject.toml, "
                             "cardpools/ beside them): for pull-request CI that must not "
                             "trust the branch it checks."))] = False,
    fix: Annotated[bool | None, typer.Option(
        "--fix/--no-fix", help=_("Apply the safe fixes (the same cards, the same counts: "
                                 "spellings, merged lines, the game line), then report what is "
                                 "left (config: fix)."), show_default=False)] = None,
    unsafe_fixes: Annotated[bool | None, typer.Option(
        "--unsafe-fixes/--no-unsafe-fixes", help=_(
            "Apply the unsafe fixes too (they change what the deck holds: copies cut, a "
            "misspelt name replaced); given here, it fixes as --fix does unless --no-fix "
            "(config: unsafe-fixes, with fix = true)."), show_default=False)] = None,
    fix_only: Annotated[bool, typer.Option(
        "--fix-only", help=_("Apply the fixes (as --fix) and report only what was fixed; exit "
                             "1 only when a file could not be fixed (the deckcli-fix "
                             "pre-commit hook)."))] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help=_("Print a unified diff of what --fix would change and write nothing "
                         "(exit 1 when a file would change)."))] = False,
    verbose: Annotated[bool, typer.Option(
        "--verbose",
        help=_("List every file a folder scan skipped, and why (on stderr)."))] = False,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help=_("Judge every deck again: do not read or write the result "
                             "cache (also DECKCLI_CACHE=off)."))] = False,
    collection: Annotated[list[Path] | None, typer.Option(
        "--collection", metavar="FILE",
        help=_("A collection file (the cards you own; repeatable, counts add up): each card "
               "a deck needs more copies of is noted (not-owned, information: never failing "
               "a deck). Default: the configuration's collection."))] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            metavar="N",
            help=_("Worker processes for large folders (0: one per CPU; 1: no workers)."),
        ),
    ] = 0,
) -> None:
    from deckcli.cli.check_run import run_check

    raise typer.Exit(run_check(
        paths, format_=format_, game=game, deck_format=deck_format, output=output,
        strict=strict, select=select, ignore=ignore, exclude=exclude,
        extend_exclude=extend_exclude, force_exclude=force_exclude,
        allow_outside=allow_outside, isolated=isolated, fix=fix, unsafe_fixes=unsafe_fixes,
        fix_only=fix_only, diff=diff, verbose=verbose, no_cache=no_cache,
        collection=collection, jobs=jobs))
