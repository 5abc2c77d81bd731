"""Read the promo, giveaway and anniversary printings (shared/reference/digimon/printings).

The 579 DMHC rows of PROM1, PROM2, EXP, NEW, NEW2, KIZU and 20A were left out of the classic
pool until a reading of every card scan said what they are (printings/README.md). This module
joins, per card number, the scan reading (scans-read.tsv: the Japanese name as printed, the
printed year, the scan's notes), the release and source columns (promos-and-reprints.tsv,
exp-bandai-printed.tsv) and the DMHC data row (stats and text), and turns each into a row of
the shape cards_more.csv has, so the classic builder makes a card of it the same way.

Nothing is reworded but the DMHC cells' spelling variants that cards_more.csv already folds
(`Nsp` = `NSp`, `Perfect` = 完全体, `Progran` = Program). A cell outside the pool's declared
values is left out, and the card's note says what DMHC gives.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

from dmhc_text import dmhc_rows

Row = dict[str, str]

LEVELS = {"III": "III", "IV": "IV", "Perfect": "完全体", "Ultimate": "究極体", "Hybrid": "Hybrid"}
XROS_LEVEL = re.compile(r"^Xros \((\w+)\)$")
OPTION_KINDS = {"Item": "Item", "Program": "Program", "Progran": "Program", "Field": "Field"}
ATTRIBUTES = ("Vaccine", "Virus", "Data", "Variable (same as the opponent)", "Unknown")
FIELD_CASE = {"nsp": "NSp", "nso": "NSo"}
LOST_POINTS = re.compile(r"^III(\d+) IV(\d+) P(\d+) U(\d+)$")
# The 2017 reprints print the original number; DMHC adds an "r" (printings/README.md).
REPRINT = re.compile(r"^((?:St|Bo)-\d+)r$")
# What the scan shows where DMHC's data says otherwise (printings/README.md, caveats).
PRINTED_OPTION_KIND = {"Da-5": "Item"}
PRINTED_CAPACITY = {"Da-5": 50}
EXP_UNKNOWN = "release channel not identified by any source found"


@dataclass
class Printing:
    """One of the 579 rows: the card's reference row, and what the printings folder adds."""

    number: str  # the number as DMHC writes it (St-1r for the reprint of St-1)
    row: Row  # the cards_more.csv-shaped row
    dmhc: Row  # the DMHC data row (text, evolution, group)
    release: str
    release_source: str
    printed_year: int | None
    notes: list[str] = field(default_factory=list)
    option_kind_fix: str | None = None
    capacity: int | None = None

    @property
    def reprint_of(self) -> str | None:
        """The original number a DMHC `…r` row reprints, else None."""
        found = REPRINT.match(self.number)
        return found.group(1) if found else None

    @property
    def dmhc_set(self) -> str:
        return self.dmhc["Set"]


def read_tsv(path: Path) -> list[Row]:
    """Every row of a tab-separated reference file."""
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def release_text(where: str) -> str:
    """The release column, with EXP's unknown channel said as the issue words it."""
    if where.endswith(EXP_UNKNOWN):
        return where.removesuffix(EXP_UNKNOWN) + "product unidentified (no source found names it)"
    return where


def level_of(cell: str, notes: list[str]) -> str:
    """A DMHC level cell as the pool spells it; the Xros era's 'Xros (IV)' is level IV."""
    found = XROS_LEVEL.match(cell)
    if found:
        notes.append(f"level: DMHC gives '{cell}'; the pool records the level in brackets")
        cell = found.group(1)
    if cell and cell not in LEVELS:
        raise SystemExit(f"unknown DMHC level {cell!r}")
    return LEVELS.get(cell, "")


def field_of(cell: str) -> str:
    """`Nsp ME` -> `NSp+ME` as cards_more.csv writes several fields; `/` kept as written."""
    return "+".join(FIELD_CASE.get(part.casefold(), part) for part in cell.split())


def lost_points_of(cell: str) -> str:
    """`III40 IV30 P20 U10` -> `vsIII=40;vsIV=30;vs完全体=20;vs究極体=10`."""
    if not cell:
        return ""
    found = LOST_POINTS.match(cell)
    if found is None:
        raise SystemExit(f"unknown DMHC lost points {cell!r}")
    return "vsIII={};vsIV={};vs完全体={};vs究極体={}".format(*found.groups())


def card_type_of(dmhc: Row, notes: list[str]) -> str:
    """`Option (Item)`, `Digimon`, or "" where DMHC's row says neither."""
    kind = OPTION_KINDS.get(dmhc["Type"])
    if kind is not None:
        return f"Option ({kind})"
    if dmhc["Level"] or dmhc["AT"] or dmhc["LostPoint"]:
        return "Digimon"
    notes.append("type: the DMHC row gives no type, level or attacks, so the pool records no "
                 "type for this card")
    return ""


def specialty_of(dmhc: Row, notes: list[str]) -> str:
    """The `specialty` cell of a Digimon: battle type, attribute, species and field."""
    parts = []
    if dmhc["AT"] in ("A", "B", "C"):
        parts.append(f"battle_type={dmhc['AT']}")
    elif dmhc["AT"]:
        notes.append(f"battle type: DMHC gives '{dmhc['AT']}' (one card, two Digimon); left out")
    if dmhc["Attribute"] in ATTRIBUTES:
        parts.append(f"attribute={dmhc['Attribute']}")
    elif dmhc["Attribute"]:
        notes.append(f"attribute: DMHC gives '{dmhc['Attribute']}'; left out")
    if dmhc["Type"]:
        parts.append(f"species={dmhc['Type']}")
    if dmhc["Field"]:
        parts.append(f"field={field_of(dmhc['Field'])}")
    return ";".join(parts)


def reference_row(dmhc: Row, listed: Row, printed: Row, notes: list[str]) -> Row:
    """A cards_more.csv-shaped row: the scan's Japanese name, DMHC's English name and stats."""
    card_type = card_type_of(dmhc, notes)
    digimon = card_type == "Digimon"
    attacks = (dmhc["AP"], dmhc["BP"], dmhc["CP"]) if digimon else ("", "", "")
    return {
        "set": f"DMHC set {dmhc['Set']} (DMHC LackeyCCG plugin grouping; printings/README.md)",
        "number": listed["number"],
        "name_ja": printed["japanese_name_as_printed"],
        "name_zh": "",
        "name_en": listed["english_name"],
        "type": card_type,
        "level": level_of(dmhc["Level"], notes) if digimon else "",
        "specialty": specialty_of(dmhc, notes) if digimon else "",
        "hp": "",
        "circle_attack": attacks[0],
        "triangle_attack": attacks[1],
        "cross_attack": attacks[2],
        "lose_points": lost_points_of(dmhc["LostPoint"]) if digimon else "",
        "max_copies_override": "",
        "source_url": listed["source"],
    }


def read_printings(reference: Path) -> list[Printing]:
    """The 579 rows, in the order of the two release files; stops on a row it cannot join."""
    folder = reference / "printings"
    scans = {row["number"]: row for row in read_tsv(folder / "scans-read.tsv")}
    dmhc = dmhc_rows(reference / "dmhc-sets", held=False)
    listed = [*read_tsv(folder / "promos-and-reprints.tsv"),
              *read_tsv(folder / "exp-bandai-printed.tsv")]
    numbers = [row["number"] for row in listed]
    if sorted(numbers) != sorted(scans) or sorted(numbers) != sorted(dmhc):
        raise SystemExit("printings/: the release files, the scans and DMHC list other numbers")
    printings = []
    for row in listed:
        number = row["number"]
        notes: list[str] = []
        reference_cells = reference_row(dmhc[number], row, scans[number], notes)
        year = scans[number]["printed_year"]
        printing = Printing(
            number=number, row=reference_cells, dmhc=dmhc[number],
            release=release_text(row["release_where"]), release_source=row["source"],
            printed_year=int(year) if year.isdigit() else None, notes=notes)
        if number in PRINTED_OPTION_KIND:
            printing.option_kind_fix = PRINTED_OPTION_KIND[number]
            printing.capacity = PRINTED_CAPACITY.get(number)
            notes.append(f"option kind: DMHC types it {dmhc[number]['Type']}; the card's scan "
                         f"shows {PRINTED_OPTION_KIND[number]} (アイテム), capacity "
                         f"+{PRINTED_CAPACITY[number]}, which the pool keeps")
        printings.append(printing)
    return printings


def printing_text(printing: Printing) -> str:
    """How a reprint is listed on the original card: set, number, printed name, release."""
    return (f"{printing.dmhc_set} reprint, DMHC number {printing.number}: printed as "
            f"{printing.row['name_ja']} with the number {printing.reprint_of}; "
            f"{printing.release}")
