"""The message catalogs' tool: `python -m tools.i18n update | check | stats`.

`update` extracts every message marked in deckcli/ (`_`, `ngettext`, `N_`) into the template
`deckcli/i18n/locales/deckcli.pot` and brings every language's `.po` in line with it (new
messages untranslated, messages gone removed, translations kept). `check` fails when that
would change anything, or a catalog has a fuzzy entry or a translation whose placeholders are
not its message's. `stats` prints how much of each catalog is translated. See docs/i18n.md.
"""

from __future__ import annotations

import io
import re
import shutil
import string
import subprocess
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "deckcli"
LOCALES = PACKAGE / "i18n" / "locales"
TEMPLATE = LOCALES / "deckcli.pot"
CATALOG_LANGUAGES = ("es", "th", "zh_Hans", "zh_Hant", "ja")  # every language but English
# Plural rules where gettext's usual ones differ from Babel's (CLDR gives Spanish a third form
# for millions; gettext, and Spanish grammars, have two: singular for 1, plural otherwise)
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None}
COMMENT_TAG = "Translators:"
# headers never change by themselves: no merge conflicts
FIXED_DATE = datetime(2026, 12, 6, tzinfo=UTC)

# Languages whose catalog is not yet fully translated: their completeness test and their
# "no English left" command-line tests are expected to fail (strictly: when a catalog is
# complete those tests pass, turn red, and its name must go from this list).
UNFINISHED: frozenset[str] = frozenset()


def catalog_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / "deckcli.po"


def extract() -> Catalog:
    """The template: every message marked in the package, with the files it comes from."""
    template = Catalog(project="deckcli", version="", creation_date=FIXED_DATE,
                       revision_date=FIXED_DATE, msgid_bugs_address="", fuzzy=False)
    found = extract_from_dir(PACKAGE, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,),
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"deckcli/{filename}", lineno)],
                     auto_comments=comments, context=context)
    for entry in template:
        brace_only(entry)
    return template


PERCENT_DIRECTIVE = re.compile(r"%(?:\([a-z_]+\))?[sdr]")


def brace_only(entry: Message) -> None:
    """deckcli's messages are brace-format: Babel's guess of python-format from a "95% i…"
    is wrong, and would make msgfmt demand the same "% i" of every translation."""
    ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
    if "python-format" in entry.flags and not any(PERCENT_DIRECTIVE.search(i) for i in ids):
        entry.flags.discard("python-format")


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True,
             include_lineno=False)
    return out.getvalue()


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=code)


def updated(template: Catalog, code: str) -> Catalog:
    """The catalog of `code` in line with the template: its translations kept, new messages
    untranslated, removed ones dropped (never guessed: no fuzzy matching)."""
    path = catalog_path(code)
    catalog = _read(path, code) if path.exists() else new_catalog(code)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    for entry in catalog:
        brace_only(entry)
    return with_plural_rule(catalog, code)


def new_catalog(code: str) -> Catalog:
    """An empty catalog of `code`, with its plural rule."""
    return with_plural_rule(Catalog(locale=code, project="deckcli", version="",
                                    creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                                    msgid_bugs_address="", fuzzy=False, language_team=code),
                            code)


def with_plural_rule(catalog: Catalog, code: str) -> Catalog:
    if code in PLURAL_FORMS:
        catalog.mime_headers = [(name, PLURAL_FORMS[code] if name == "Plural-Forms" else value)
                                for name, value in catalog.mime_headers]
    return catalog


def expected_files() -> dict[Path, bytes]:
    """Every catalog file as `update` would write it."""
    template = extract()
    files = {TEMPLATE: _po_bytes(template)}
    for code in CATALOG_LANGUAGES:
        files[catalog_path(code)] = _po_bytes(updated(template, code))
    return files


def update() -> list[Path]:
    """Write the template and every catalog; the files that changed."""
    changed = []
    for path, data in expected_files().items():
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(path)
    return changed


def stale_files() -> list[str]:
    """Why extraction is not up to date: one line per catalog file `update` would change."""
    return [f"{path.relative_to(ROOT)}: out of date; run `python -m tools.i18n update`"
            for path, data in expected_files().items()
            if not path.exists() or path.read_bytes() != data]


def placeholders(text: str) -> set[str] | None:
    """The named fields of a format string; None when it is not one (a stray brace)."""
    try:
        return {field.split(".")[0].split("[")[0]
                for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return None


def _forms(message: Message) -> Iterator[tuple[str, str]]:
    """(source, translation) pairs of a message, one per translated form."""
    if isinstance(message.id, tuple):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, translated in enumerate(strings):
            if translated:
                yield message.id[0] if index == 0 and len(strings) > 1 else message.id[1], \
                    translated
    elif message.string:
        yield str(message.id), str(message.string)


def message_problems(code: str, catalog: Catalog) -> Iterator[str]:
    """Fuzzy entries, placeholder mismatches and Babel's own checks, one line each."""
    where = f"{catalog_path(code).relative_to(ROOT)}"
    for message in catalog:
        if not message.id:
            continue
        shown = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.fuzzy:
            yield f"{where}: fuzzy entry {shown!r}: review it, then remove the fuzzy flag"
        plural_fields = ({name for text in message.id for name in placeholders(text) or ()}
                         if isinstance(message.id, tuple) else None)
        for source, translated in _forms(message):
            wanted, got = placeholders(source), placeholders(translated)
            if got is None:
                yield f"{where}: {shown!r}: the translation has a stray brace: {translated!r}"
            elif plural_fields is not None and wanted is not None:
                # a one-form language's only form serves every count: it may use any field
                if not got <= plural_fields or (wanted - got) - {"n", "count"}:
                    yield (f"{where}: {shown!r}: placeholders {sorted(got)} in the "
                           f"translation, {sorted(wanted)} in the message")
            elif got != wanted:
                yield (f"{where}: {shown!r}: placeholders {sorted(got)} in the translation, "
                       f"{sorted(wanted or ())} in the message")
    for message in catalog:  # reading a catalog guesses python-format again
        brace_only(message)
    for message, errors in catalog.check():
        for problem in errors:
            yield f"{where}: {message.id!r}: {problem}"


def msgfmt_problems(paths: Iterable[Path]) -> Iterator[str]:
    """What GNU `msgfmt -c` finds (headers, plural forms, formats), where it is installed."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return
    for path in paths:
        run = subprocess.run([msgfmt, "-c", "-o", "/dev/null", str(path)],
                             capture_output=True, text=True, check=False)
        if run.returncode:
            yield from (line for line in run.stderr.splitlines() if line.strip())


def untranslated(code: str) -> list[str]:
    """The messages of a catalog with no translation."""
    catalog = _read(catalog_path(code), code)
    return [str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog
            if m.id and (not all(m.string) if isinstance(m.string, tuple) else not m.string)]


def problems() -> list[str]:
    """Everything `check` finds: stale extraction, fuzzy entries, placeholder mismatches."""
    found = stale_files()
    for code in CATALOG_LANGUAGES:
        if catalog_path(code).exists():
            found.extend(message_problems(code, _read(catalog_path(code), code)))
    found.extend(msgfmt_problems(catalog_path(code) for code in CATALOG_LANGUAGES
                                 if catalog_path(code).exists()))
    return found


def stats() -> list[str]:
    lines = []
    for code in CATALOG_LANGUAGES:
        total = len([m for m in _read(catalog_path(code), code) if m.id])
        missing = len(untranslated(code))
        share = 100 * (total - missing) / total if total else 100.0
        lines.append(f"{code:8} {total - missing:5}/{total} translated ({share:.0f} %)"
                     + ("  [listed as unfinished]" if code in UNFINISHED else ""))
    return lines


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        for path in update():
            print(f"updated {path.relative_to(ROOT)}")
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        if not found:
            print("catalogs up to date: no fuzzy entry, no placeholder mismatch")
        return 1 if found else 0
    if command == "stats":
        print("\n".join(stats()))
        return 0
    print("usage: python -m tools.i18n update | check | stats", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
