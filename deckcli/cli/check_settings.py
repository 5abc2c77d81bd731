"""What `deckcli check` runs with: its options merged with the configuration and checked,
and the GitHub Actions job summary. Kept apart from the command's options and wiring."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.cli.app import error
from deckcli.errors import UserError

if TYPE_CHECKING:
    from deckcli.app.config import Config
    from deckcli.app.run import Options
    from deckcli.app.scan import ScanSettings
    from deckcli.model.result import CheckResult
    from deckcli.pools.registry import PoolRegistry

SUMMARY_ENV = "GITHUB_STEP_SUMMARY"


def split_rule_ids(values: list[str] | None) -> tuple[str, ...]:
    """`--select a,b --select c` -> ('a', 'b', 'c')."""
    return tuple(
        part.strip() for value in values or [] for part in value.split(",") if part.strip()
    )


def build_options(config: Config, registry: PoolRegistry, game: str | None,
                  deck_format: str | None, select: list[str] | None, ignore: list[str] | None,
                  exclude: list[str] | None, extend_exclude: list[str] | None,
                  force_exclude: bool) -> Options:
    """The check's options: command line first, then the configuration; every game, format
    and rule id named is one deckcli knows, or this is a usage error."""
    from deckcli.app.config import chosen
    from deckcli.app.run import Options, unknown_rule_id

    known_formats = {fid for gid in registry.game_ids() for fid in registry.format_ids(gid)}
    wanted = [("--game", game, "--deck-format", deck_format)]
    wanted += [(f"{config.origin}: decks entry {glob.path!r}: game", glob.game,
                f"{config.origin}: decks entry {glob.path!r}: deck-format", glob.deck_format)
               for glob in config.decks()]
    for game_label, game_ref, format_label, format_ref in wanted:
        if game_ref is not None and registry.resolve_id(game_ref) is None:
            raise UserError(f"{game_label}: unknown game {game_ref!r}; games: "
                            f"{', '.join(registry.game_ids())}")
        if format_ref is not None and format_ref not in known_formats:
            raise UserError(f"{format_label} {format_ref!r} is not a format of any game; "
                            f"formats: {', '.join(sorted(known_formats))}")
    rule_ids = {}
    for key, option in (("select", select), ("ignore", ignore)):
        setting = chosen(split_rule_ids(option) or None, config, key, ())
        problem = unknown_rule_id(setting.value, registry)  # type: ignore[arg-type]
        if problem is not None:
            raise UserError(f"{named(setting.source, key).rstrip()}: {problem}")
        rule_ids[key] = tuple(setting.value)  # type: ignore[call-overload]
    return Options(game=game, format=deck_format, select=rule_ids["select"],
                   ignore=rule_ids["ignore"], decks=config.deck_matcher(),
                   scan=scan_settings(config, exclude, extend_exclude, force_exclude))


def scan_settings(config: Config, exclude: list[str] | None, extend_exclude: list[str] | None,
                  force_exclude: bool) -> ScanSettings:
    """Exclusion globs: --exclude (else the config's `exclude`, else the defaults), plus every
    `extend-exclude`; the config's are relative to its folder, the command line's to the cwd."""
    from deckcli.app.ignore import glob_rules
    from deckcli.app.scan import DEFAULT_EXCLUDE, ScanSettings

    cwd = Path(os.path.abspath("."))
    if exclude:
        rules = [glob_rules(exclude, cwd, "--exclude")]
    elif "exclude" in config.values:
        rules = [glob_rules(list(config.values["exclude"]), config.base,  # type: ignore[call-overload]
                            f"{config.origin} exclude")]
    else:
        rules = [glob_rules(list(DEFAULT_EXCLUDE), cwd, "the default exclusions", checked=False)]
    if "extend-exclude" in config.values:
        rules.append(glob_rules(list(config.values["extend-exclude"]),  # type: ignore[call-overload]
                                config.base, f"{config.origin} extend-exclude"))
    if extend_exclude:
        rules.append(glob_rules(extend_exclude, cwd, "--extend-exclude"))
    return ScanSettings(tuple(rules), force_exclude)


def append_step_summary(result: CheckResult) -> None:
    """Under GitHub Actions, add the markdown report to the job's summary page."""
    summary = os.environ.get(SUMMARY_ENV)
    if not summary:
        return
    import io

    from deckcli.report import get_renderer

    buffer = io.StringIO()
    get_renderer("markdown")(result, buffer, False)
    try:
        with open(summary, "a", encoding="utf-8") as handle:
            handle.write(buffer.getvalue())
    except OSError as exc:
        error(f"cannot append the summary to ${SUMMARY_ENV} ({summary}): "
              f"{exc.strerror or exc}")


def named(source: str, key: str) -> str:
    """How a message names where a value came from, ready for the value: '--select ',
    'DECKCLI_FORMAT=', 'pyproject.toml [tool.deckcli] format '."""
    if source.startswith("--"):
        return f"{source} "
    if source.isupper():
        return f"{source}="
    return f"{source} {key} "
