"""Build cardpools/digimon-classic.toml: every Japanese card of the first Bandai Digimon game.

Run by hand when the reference changes:
    python tools/pools/build_digimon_classic.py [--reference DIR] [--out FILE]
Cards come from cards.csv (the St-1…St-111 rows; the US rows belong to digi-battle) and
cards_more.csv, Japanese and Chinese names from names/cards_names.csv and names_zh.csv.
Nothing is filled in: a fact the reference does not give is left out, and the reference's
doubts are written next to the card they concern.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]  # this folder (helpers), the repo (deckcli)
from digimon_printings import Printing, printing_text, read_printings  # noqa: E402
from digimon_ref import (  # noqa: E402
    CLASSIC_LEVEL_FIXES,
    Row,
    attack,
    check_notes_known,
    counterparts,
    note_comment,
    parse_args,
    parse_specialty,
    species_key,
)
from dmhc_text import dmhc_rows, own_abilities, text_fields  # noqa: E402
from poolwriter import KeptList, read_rows, write_pool  # noqa: E402

from deckcli.textnorm import fold  # noqa: E402

GAME_ID = "digimon-classic"
DMHC = "https://github.com/RosaZhang/DMHC/blob/43265236c469ee59fafc10eddd370a450983e6b7"
DERIVED_JA_MARK = "name_ja: same English name as"
OPTION_PREFIX = "Option ("
ALT_PREFIX = re.compile(r"^TS:")  # species.csv marks Time Stranger's spellings "TS:"

# Per-card doubts and caveats from rules.md §9 and more.md, in our own words.
DOUBTS: dict[str, str] = {
    "St-27": (
        "level: the wikimon crawl behind cards.csv gives III, but the attacks (450/390/200) look "
        "like a level IV card and cards.csv left the level empty; the DMHC card data gives IV, "
        "which more.md takes as settling it, so IV is used here"
    ),
    "St-44": (
        "attacks: the DMHC card data gives 400/370/170; more.md judges that likely wrong because "
        "cards.csv and the US card ST-44 both give 480/360/200, the values kept here"
    ),
    "St-64": (
        "species: Machine on the card's wikimon page but Mutant in wikimon's English set table "
        "(noted by the crawl behind cards.csv); Machine is kept as cards.csv gives it"
    ),
    "Bo-722": (
        "the reference gives no level, battle type or attribute for this card (attacks 0/0/0), "
        "so level-based rules cannot verify it"
    ),
    "Bo-1154": (
        "max_copies unlimited: more.md says its text allows any number in a deck; St-788 and "
        "Bo-82 are also named Mushmon and carry no such allowance"
    ),
    "Bx-157": (
        "max_copies unlimited: more.md says its text allows any number in a deck; the same "
        "source spells Sx-65 and Sx-86 Death-X-DORUguremon (hyphenated) and says nothing on "
        "whether they share this card's name"
    ),
}
# St-27's level does not come from its cards.csv row (which is empty) but from more.md.
LEVEL_FIXES: dict[str, tuple[str, str]] = {
    "St-27": (CLASSIC_LEVEL_FIXES["St-27"], f"level IV: more.md, from {DMHC}/sets/CardDataSt1.txt"),
}
ZH_DOUBTS: dict[str, str] = {
    "Bo-1172": (
        "Simplified Chinese name 幼师兽 (师, teacher) is kept as the reference gives it (official "
        "Chinese DCG card BT1-050, names/species.csv); 幼狮兽 (狮, lion) may be meant, but no "
        "reference file gives that spelling"
    ),
    "St-1": (
        "Chinese name is low-confidence: names_zh.csv ties it to this number through a Chinese "
        "wiki's example card (jendow.com.tw), which does not print the number"
    ),
    "St-51": (
        "Chinese name is low-confidence: matched by name from a garbled fan text "
        "(fantinovels.cc) whose effect text does not match this card; the reprints St-301 and "
        "St-378 are not given it"
    ),
    "Bo-445": (
        "Chinese name is low-confidence: matched by name from the same garbled fan text "
        "(fantinovels.cc), whose effect text does not match this card"
    ),
}

LEVELS = ["III", "IV", "完全体", "究極体"]
LEVEL_ALIASES = {
    "3": "III",
    "レベルIII": "III",
    "等级3": "III",
    "等級III": "III",
    "成长期": "III",
    "成長期": "III",
    "child": "III",
    "rookie": "III",
    "4": "IV",
    "レベルIV": "IV",
    "等级4": "IV",
    "等級IV": "IV",
    "成熟期": "IV",
    "adult": "IV",
    "champion": "IV",
    "5": "完全体",
    "V": "完全体",
    "完全體": "完全体",
    "perfect": "完全体",
    "6": "究極体",
    "VI": "究極体",
    "究极体": "究極体",
    "究極體": "究極体",
    "ultimate": "究極体",
    "mega": "究極体",
    "hybrid": "Hybrid",
}

SOURCES = [
    "S1 = Chinese rules text 数码兽卡片 (seed text) https://630book.org/txt/933447/58052056_3.html",
    "S2 = Chinese card-layout description https://jendow.com.tw/wiki/數碼寶貝卡",
    "S3 = wikimon, Digital Monster Card Game https://wikimon.net/Digital_Monster_Card_Game",
    "S4 = translated Hyper Colosseum procedure https://dhctcg.blogspot.com/p/hyper-colloseum.html",
    "S5 = translated Ultimate Battle regulation "
    "https://dhctcg.blogspot.com/p/digital-monster-card-game-official.html",
    "S6 = Japanese rules summary https://ja-wiki.pages.dev/wiki/デジモンリベレイター",
    "S7 = English Hyper Colosseum rules "
    "https://shiningevo.ultimatedigimon.com/encyclopedia/rules.html",
    "S9 = Spanish rules page https://tcgdigimon.azurewebsites.net/no-sidebar.html",
    "S12 = wikimon Starter Ver. 1/2 crawl (cards St-1…St-111) "
    "https://github.com/maxold1985/dgmon-ocg",
    f"DMHC = LackeyCCG Hyper Colosseum card data (St-112 on, Sx, Bo, Bx) {DMHC}/sets",
    "names = species names in Japanese, Simplified and Traditional Chinese: "
    "shared/reference/digimon/names (sources and doubts in its README)",
    "names_zh = low-confidence Chinese names: https://jendow.com.tw/wiki/數碼寶貝卡, "
    "https://fantinovels.cc/Novel/ShuMaShouShouLieZhe/ShuMaShouKaPian/3.html",
]

PREAMBLE = f"""\
digimon-classic: the Japanese Digital Monster Card Game (Bandai, 1999-2005; デジモンカード,
デジカ; Chinese fan name 数码兽卡片). Generated by tools/pools/build_digimon_classic.py from
the reference folder shared/reference/digimon — edit the builder, not this file.

Cards: St-1…St-111 from cards.csv (a crawl of wikimon's Starter Ver. 1 and 2 pages, S12) and
St-112…St-994, Sx-, Bo- and Bx- from cards_more.csv (the DMHC LackeyCCG card data,
{DMHC}).
The two files share no number. cards.csv's US rows (ST-, BO-, MP-, TB-) are in
digi-battle.toml instead. Bo-598…605 and Bo-800…801 are absent from the source.
Only 16 of the 111 St-1…St-111 cards were checked card by card (rules.md §9); the others
take their attacks from wikimon's set table and have no lost points. more.md found the DMHC
data agreeing with them on 85 of 87 Digimon (the two exceptions, St-27 and St-44, carry notes).
name_en is the source's romanisation, kept as written. Where ja_name_derived is true, the
Japanese name was not read from the card: it was copied from a cards.csv card with the same
English name, or from the card's species.
ability lists every Digimon's own abilities, read from its DMHC text ("Has the ability(ies) …",
unmarked or (O)); an ability named only as a condition ("When the opponent has the ability …")
or in a support (S) effect is not the card's; [] means none. St-761 ("abilites") and St-521
(an opening quote missing) misprint the sentence; their keywords are read all the same.
For St-1…St-111 the DMHC text is used where cards.csv gives no ability or "none" (38 cards,
e.g. St-4 sky); St-24, where the two name different abilities, keeps cards.csv's (its note
gives the DMHC one). Options have no ability field.
text, evolution and group are the DMHC card data's Abilities, Evo/Activation and Group cells
(sets/CardData*.txt, kept in shared/reference/digimon/dmhc-sets), verbatim; for St-1…St-111 too.

Names in Japanese and Chinese (names/cards_names.csv, see its README): names.ja, names."zh-Hans"
and names."zh-Hant" come from the card's species, matched to official and published data;
name_match says how (exact, ja, or fuzzy: a romanisation judged by hand, which the card's note
names). @MATCHED@ of the @DIGIMON@ Digimon cards are matched; no Option card is.
@OPT_JA@ Options have a Japanese name from the reference rows (name_ja; @OPT_DERIVED@ of them
derived, see above) and @OPT_ZH@ a low-confidence names.zh (names_zh.csv).
Other official Simplified spellings (an older DCG generation, or Digimon Story Time Stranger's)
are aliases. Modern names may differ from what the 1999-2005 cards printed; where the source
card's level differs from ours, the note says so. No two species share a name in any language
(the builder stops if one would, since the copy rule counts cards sharing a name together).
names.zh (3 cards) is an older, low-confidence set of Chinese names.
digi_battle_counterparts lists the digi-battle cards of the same species and level.

Promo, giveaway and anniversary printings: the @UNHELD_TOTAL@ rows of the DMHC sets
@UNHELD@
all Bandai printings by a reading of every card's scan (shared/reference/digimon/printings,
whose README gives the evidence and its caveats). Each is a card (reference_file =
"printings") with the Japanese name as its scan reads it (which wins where DMHC's English
differs: Re-100 reads アルファモン, Re-129 オメガモンズワルトDEFEAT), DMHC's English name,
stats and text,
and `release` (the giveaway or product where the scan names it; EXP's product is
unidentified; its source is the scan and row the card's source names first) and
`printed_year`. The eight 20A rows DMHC numbers St-1r, St-61r, St-169r, St-762r, Bo-66r,
Bo-211r, Bo-500r and Bo-1207r print the original number: they are listed in the original
card's `printings`, not made cards (@PRINTED_CARDS@ cards from @UNHELD_TOTAL@ rows). Da-5
King Device is an Item, capacity +50, as its scan shows (DMHC types it Program). @PRINT_ZH@
of them have Chinese names: their printed Japanese name is a species' of names/ species.csv
(name_match = ja), except where pool cards of the same English name belong to another
species (the X-Antibody promos print the plain name: name_ja_printed keeps it, apart from
the names, so that the copy rule does not count two species together). The Xros-era Re-
cards' DMHC levels ("Xros (IV)") are recorded by the level in brackets, each with a note.
The Hyper Colosseum format counts them like any card; Ultimate Battle admits St-/Bo- numbers
only and no privilege (promo) card, so its privilege-cards rule refuses Bo-#j, Bo-#L, Bo-#t
and Bo-#v (S5).

Levels: III, IV, 完全体, 究極体 as printed, plus Hybrid (Frontier era). Beware "Ultimate":
wikimon's English for this game uses it for 究極体 (VI), the US Digi-Battle game for 完全体
(V); in this pool "ultimate" means 究極体.

Set-up (S1, S4, S6): a level III goes face down in the Digimon Box, the other 29 are shuffled
into the Net Ocean, the top card goes face down on the point gauge, then 6 are drawn. Each
round's preparation phase lets a player discard any cards and refill the hand to 6; deckcli's
turn model has no refill, so draw = 0. Sources disagree on running out of cards: S3 reshuffles
the Dark Area, S4/S7 say the hand can no longer be refilled.
"""


def option_kind(card_type: str) -> tuple[str, str | None]:
    """`Option (Item)` -> ("Option", "Item"); `Digimon` -> ("Digimon", None)."""
    if card_type.startswith(OPTION_PREFIX) and card_type.endswith(")"):
        return "Option", card_type[len(OPTION_PREFIX) : -1]
    return card_type, None


class SpeciesNames:
    """cards_names.csv (card -> species names) and species.csv's other official spellings."""

    def __init__(self, names_dir: Path) -> None:
        self.cards = {row["number"]: row for row in read_rows(names_dir / "cards_names.csv")}
        self.alternatives: dict[tuple[str, str], list[str]] = {}
        for row in read_rows(names_dir / "species.csv"):
            alts = row["name_zh_hans_alt"].split("|")
            spellings = [ALT_PREFIX.sub("", alt).strip() for alt in alts]
            if any(spellings):
                key = (row["name_ja"], row["name_zh_hans"])
                self.alternatives[key] = [alt for alt in spellings if alt]
        self.shared = shared_species_names(read_rows(names_dir / "species.csv"))
        self.english = {number: row["name_en"] for number, row in self.cards.items()}
        self.by_ja: dict[str, Row] = {}
        for row in read_rows(names_dir / "species.csv"):
            if row["name_ja"]:
                self.by_ja.setdefault(row["name_ja"], row)

    def match_printed(self, number: str, name_ja: str, name_en: str) -> bool:
        """Give a card the names of the species whose Japanese name it prints, exactly (the
        `ja` match kind of cards_names.csv), for the printings cards_names.csv predates.

        False, and no match, where pool cards of the card's English name belong to another
        species: the X-Antibody promos print the plain name (ウォーグレイモン) beside an X抗体
        mark the scan reading does not record, so that name would join two species."""
        row = self.by_ja.get(name_ja)
        if row is None or number in self.cards:
            return True
        key = species_key(row["name_en"] or row["name_ja"])
        others = {species_key(matched["matched_species_name_en"])
                  for other, matched in self.cards.items()
                  if fold(self.english.get(other, "")) == fold(name_en)}
        if others - {key}:
            return False
        self.english[number] = name_en
        self.cards[number] = {
            "number": number, "name_ja": row["name_ja"],
            "name_zh_hans": row["name_zh_hans"], "name_zh_hant": row["name_zh_hant"],
            "matched_species_name_en": row["name_en"] or row["name_ja"],
            "match": "ja", "source_url": row["source_url"], "note": "",
        }
        return True

    def shared_note(self, names: list[str]) -> str | None:
        """Say so where species.csv gives one of these names to another species too."""
        found = [f"{name} ({', '.join(self.shared[fold(name)])})" for name in dict.fromkeys(names)
                 if fold(name) in self.shared]
        if not found:
            return None
        return ("species.csv gives this name to more than one species: " + "; ".join(found) +
                "; the builder checks that no card of another species carries it here, so the "
                "copy rule does not count them together")

    def aliases(self, matched: Row | None) -> list[str] | None:
        """Other official Simplified Chinese spellings of the card's species, if any."""
        if not matched or not matched["name_zh_hans"]:
            return None
        return self.alternatives.get((matched["name_ja"], matched["name_zh_hans"]))


def shared_species_names(rows: list[Row]) -> dict[str, list[str]]:
    """Folded name -> the species (English, else Japanese) of species.csv that all carry it."""
    by_name: defaultdict[str, list[str]] = defaultdict(list)
    for row in rows:
        label = row["name_en"] or row["name_ja"]
        spellings = [row["name_ja"], row["name_zh_hans"], row["name_zh_hant"],
                     *(ALT_PREFIX.sub("", alt) for alt in row["name_zh_hans_alt"].split("|"))]
        for name in dict.fromkeys(fold(n) for n in spellings if n.strip()):
            by_name[name].append(label)
    return {name: labels for name, labels in by_name.items() if len(labels) > 1}


def species_notes(matched: Row | None) -> list[str]:
    """The names/ reference's doubts about a card's match: romanisation, level."""
    if not matched:
        return []
    notes = []
    for part in matched["note"].split(" | "):
        if part.startswith("fuzzy: "):
            notes.append(
                f"names ja/zh matched by romanisation (judged by hand in the names/ reference), "
                f"not by spelling: {part.removeprefix('fuzzy: ')}"
            )
        elif part.startswith("level differs"):
            notes.append(f"the species' names come from a source card of another level: {part}")
    return notes


def ja_name_derived(row: Row) -> bool | None:
    """True where the reference copied name_ja by English name; None without a ja name."""
    if not row["name_ja"]:
        return None
    return DERIVED_JA_MARK in row["source_url"]


def card_from_row(
    row: Row, ref_file: str, zh_names: dict[str, str], species: SpeciesNames
) -> dict[str, Any]:
    """One pool card from one reference row and its species names; empty cells stay out."""
    number = row["number"]
    card_type, kind = option_kind(row["type"])
    specialty = parse_specialty(row["specialty"])
    level, source = row["level"], row["source_url"]
    if number in LEVEL_FIXES:
        level, level_source = LEVEL_FIXES[number]
        source = f"{source} | {level_source}"
    matched = species.cards.get(number)
    ja = row["name_ja"] or (matched["name_ja"] if matched else "")
    if matched and row["name_ja"] and matched["name_ja"] != row["name_ja"]:
        raise ValueError(f"{number}: cards_names.csv gives another Japanese name")
    names = {"ja": ja, "en": row["name_en"], "zh": zh_names.get(number, "")}
    if matched:
        names |= {"zh-Hans": matched["name_zh_hans"], "zh-Hant": matched["name_zh_hant"]}
        source = f"{source} | names: {matched['source_url']}"
    notes = [DOUBTS.get(number), ZH_DOUBTS.get(number), *species_notes(matched),
             species.shared_note([*names.values(), *(species.aliases(matched) or [])])]
    return {
        "number": number,
        "name": row["name_en"] or row["name_ja"],
        "names": {lang: name for lang, name in names.items() if name},
        "aliases": species.aliases(matched),
        "max_copies": row["max_copies_override"] or None,
        "note": "; ".join(text for text in notes if text),
        "source": source,
        "set": row["set"],
        "reference_file": ref_file,
        "type": card_type,
        "option_kind": kind,
        "level": level,
        "battle_type": specialty.get("battle_type"),
        "ability": specialty.get("ability"),
        "attribute": specialty.get("attribute"),
        "species": specialty.get("species"),
        "field": specialty.get("field"),
        "circle_attack": attack(row["circle_attack"]),
        "triangle_attack": attack(row["triangle_attack"]),
        "cross_attack": attack(row["cross_attack"]),
        "lose_points": row["lose_points"],
        "ja_name_derived": True if ja and not row["name_ja"] else ja_name_derived(row),
        "name_match": matched["match"] if matched else None,
        "digi_battle_counterparts": None,
    }


def shared_name_notes(cards: list[dict[str, Any]]) -> dict[str, str]:
    """Notes for cards whose name (in any language) other cards of another level also carry.

    The copy rule counts them together and a name in a deck cannot tell them apart, so each
    says so (`deckcli pool check` asks for it). Names are compared the way deckcli compares them.
    """
    by_name: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for card in cards:
        for name in dict.fromkeys(fold(name) for name in (card["name"], *card["names"].values())):
            by_name[name].append(card)
    notes: dict[str, str] = {}
    for group in by_name.values():
        if len({(card["type"], card["level"]) for card in group}) < 2:
            continue
        for card in group:
            others = ", ".join(
                f"{other['number']} ({other['level'] or other['type']})"
                for other in group
                if other is not card
            )
            notes[card["number"]] = (
                f"its name is also on cards of another level ({others}); the reference does not "
                "say why, so give this card by number"
            )
    return notes


def load_cards(reference: Path) -> list[dict[str, Any]]:
    """JP rows of cards.csv, then cards_more.csv; cards.csv wins where a number repeats."""
    zh_names = {row["number"]: row["name_zh"] for row in read_rows(reference / "names_zh.csv")}
    species = SpeciesNames(reference / "names")
    cards: dict[str, dict[str, Any]] = {}
    jp_starters = [
        row for row in read_rows(reference / "cards.csv") if row["number"].startswith("St-")
    ]
    for ref_file, rows in (
        ("cards.csv", jp_starters),
        ("cards_more.csv", read_rows(reference / "cards_more.csv")),
    ):
        for row in rows:
            cards.setdefault(row["number"], card_from_row(row, ref_file, zh_names, species))
    add_printings(cards, read_printings(reference), zh_names, species)
    for number, text in shared_name_notes(list(cards.values())).items():
        cards[number]["note"] = "; ".join(filter(None, (cards[number]["note"], text)))
    check_species_apart(list(cards.values()), species)
    dmhc = dmhc_rows(reference / "dmhc-sets") | dmhc_rows(reference / "dmhc-sets", held=False)
    for number, row in dmhc.items():
        if number in cards:
            cards[number].update(text_fields(row))
            if cards[number]["type"] == "Digimon":
                set_abilities(cards[number], own_abilities(row["Abilities"]))
    battle = read_rows(reference.parent / "digi-battle" / "cards.csv")
    for number, linked in counterparts(reference, battle).items():
        if number in cards:
            cards[number]["digi_battle_counterparts"] = linked
    return list(cards.values())


def add_printings(cards: dict[str, dict[str, Any]], printings: list[Printing],
                  zh_names: dict[str, str], species: SpeciesNames) -> None:
    """The promo, giveaway and anniversary printings: a card each, except DMHC's eight `…r`
    rows, which are the original card printed again (its `printings` lists them)."""
    for printing in printings:
        original = printing.reprint_of
        if original is not None:
            card = cards[original]
            card["printings"] = [*(card.get("printings") or []), printing_text(printing)]
            card["source"] = f"{card['source']} | printing {printing.number}: " \
                             f"{printing.release_source}"
            continue
        if printing.row["number"] in cards:
            raise SystemExit(f"{printing.row['number']}: a printing repeats a pool number")
        row = printing.row
        printed_ja = None
        if not species.match_printed(row["number"], row["name_ja"], row["name_en"]):
            printed_ja, row = row["name_ja"], row | {"name_ja": ""}
            printing.notes.append(
                f"name_ja_printed: the scan reads {printed_ja}, the name of another species "
                f"than this card's English name ({row['name_en']}) gives; as a name it would "
                "make the copy rule count the two species together, which no source settles, "
                "so it is recorded beside the names, not as one")
        card = card_from_row(row, "printings", zh_names, species)
        card["note"] = "; ".join(filter(None, (card["note"], *printing.notes)))
        card["name_ja_printed"] = printed_ja
        if printing.option_kind_fix:
            card["option_kind"] = printing.option_kind_fix
        if card["source"].split(" | ")[0] != printing.release_source:
            raise SystemExit(f"{printing.number}: the release has another source than the card")
        card |= {"capacity": printing.capacity, "release": printing.release,
                 "printed_year": printing.printed_year}
        cards[printing.row["number"]] = card


# The last five appear only on the 2013-2020 Re- printings (their DMHC text).
ABILITIES = ["sky", "grappling", "underground", "underwater", "flame", "gale", "proud",
             "freezing", "hungry", "fencing", "marksmanship", "charge", "strategy", "ardor"]


def set_abilities(card: dict[str, Any], own: list[str]) -> None:
    """A Digimon's abilities: those its DMHC text says it has ("Has the ability …").

    Where cards.csv (which wins where the two overlap, more.md) names another, it is kept
    and the note gives both."""
    given = "" if card["ability"] in (None, "none") else card["ability"]
    card["ability"] = KeptList(own)
    if card["reference_file"] == "cards.csv" and given and given.split("+") != own:
        card["ability"] = KeptList(given.split("+"))
        conflict = (f"ability: cards.csv (wikimon) gives {given}; the DMHC card data's text gives "
                    f"{' and '.join(own) or 'none'}; cards.csv is kept (more.md ranks it first)")
        card["note"] = "; ".join(filter(None, (card["note"], conflict)))
    if set(card["ability"]) - set(ABILITIES):
        raise SystemExit(f"{card['number']}: unknown ability in {card['ability']}")


def check_species_apart(cards: list[dict[str, Any]], species: SpeciesNames) -> None:
    """Stop if a shared name would make the copy rule count two species as one.

    The copy rule counts together every card linked by any shared name, in any language; the
    names/ reference gives no two species the same name, and this keeps it so.
    """
    by_name: defaultdict[str, set[str]] = defaultdict(set)
    for card in cards:
        matched = species.cards.get(card["number"])
        if matched:
            for name in (*card["names"].values(), *(card["aliases"] or [])):
                by_name[fold(name)].add(species_key(matched["matched_species_name_en"]))
    shared = {name: kinds for name, kinds in by_name.items() if len(kinds) > 1}
    if shared:
        raise SystemExit(f"names shared by different species: {shared}")


def field_defs() -> dict[str, dict[str, Any]]:
    """The [fields] table: every card attribute the pool uses."""
    attack_note = "attack power {} (the {} column; the reference assumes ○/△/× = A/B/C)"
    return {
        "set": {
            "type": "str",
            "description": (
                "product group as the reference gives it; from St-112 on these are the DMHC "
                "plugin's own groupings, not official product names"
            ),
        },
        "reference_file": {
            "type": "str",
            "values": ["cards.csv", "cards_more.csv", "printings"],
            "description": "reference file the card's row comes from (printings: the "
            "printings/ folder's scan reading and release files, stats from the DMHC row)",
        },
        "type": {
            "type": "str",
            "values": ["Digimon", "Option"],
            "description": "card type (the reference's 'Option (Item)' etc. is split "
            "into type and option_kind)",
        },
        "option_kind": {
            "type": "str",
            "values": ["Item", "Program", "Field"],
            "aliases": {
                "アイテム": "Item",
                "道具": "Item",
                "プログラム": "Program",
                "程式": "Program",
                "フィールド": "Field",
                "場地": "Field",
                "场地": "Field",
            },
            "description": "kind of Option card (アイテム / プログラム / フィールド)",
        },
        "level": {
            "type": "str",
            "values": [*LEVELS, "Hybrid"],
            "order": LEVELS,
            "aliases": LEVEL_ALIASES,
            "description": (
                "printed level: III (成長期), IV (成熟期), 完全体 (V, 'Perfect'), 究極体 "
                "(VI), or Hybrid, which is not ranked. 'ultimate' means 究極体 here, as "
                "in wikimon's English for this game; in the US Digi-Battle game "
                "'Ultimate' is 完全体 and 'Mega' is 究極体"
            ),
        },
        "battle_type": {
            "type": "str",
            "values": ["A", "B", "C"],
            "description": (
                "letter at the card's top left: the opponent attacks with its attack of that letter"
            ),
        },
        "ability": {
            "type": "list",
            "values": ABILITIES,
            "description": (
                "a Digimon's special abilities, as its DMHC text states them (\"Has the "
                "abilities …\"); [] = it has none"
            ),
        },
        "text": {
            "type": "str",
            "description": "the card's effect text as the DMHC card data prints it (Abilities)",
        },
        "evolution": {
            "type": "str",
            "description": (
                "evolution requirements (Digimon) or activation timing and conditions (Options), "
                "as the DMHC card data prints them (Evo/Activation)"
            ),
        },
        "group": {
            "type": "str",
            "description": "group named on the card (Royal Knights, Deva, …), as DMHC gives it",
        },
        "attribute": {
            "type": "str",
            "values": ["Vaccine", "Virus", "Data", "Variable (same as the opponent)", "Unknown"],
        },
        "species": {"type": "str"},
        "field": {
            "type": "str",
            "description": (
                "field (background) code as given: NSp, NSo, ME, WG, DS, UK, VB, DA; several are "
                "joined by '+' or '/', spelled as the source writes them"
            ),
        },
        "circle_attack": {"type": "int", "description": attack_note.format("A", "○")},
        "triangle_attack": {"type": "int", "description": attack_note.format("B", "△")},
        "cross_attack": {"type": "int", "description": attack_note.format("C", "×")},
        "lose_points": {
            "type": "str",
            "description": (
                "points this card's owner loses when it is beaten, by the winner's level, as the "
                "reference writes it (vsIII=…;vsIV=…;vs完全体=…;vs究極体=…)"
            ),
        },
        "ja_name_derived": {
            "type": "bool",
            "description": (
                "true: the Japanese name was not read from this card but copied, from a cards.csv "
                "card with the same English name or from the card's species (name_match)"
            ),
        },
        "name_match": {
            "type": "str",
            "values": ["exact", "ja", "fuzzy"],
            "description": (
                "how names.ja / zh-Hans / zh-Hant were matched to the card's species "
                "(names/cards_names.csv): exact = same English name, ja = through the card's "
                "Japanese name, fuzzy = a romanisation judged by hand (the note says which)"
            ),
        },
        "name_ja_printed": {
            "type": "str",
            "description": (
                "the Japanese name a printing's scan reads, where it is kept out of the card's "
                "names (the note says why)"
            ),
        },
        "release": {
            "type": "str",
            "description": (
                "how a promo, giveaway or anniversary printing was released, as its scan shows "
                "it (the giveaway named on the card, NOT FOR SALE, the printed year); "
                "'product unidentified' where no source names the product; read from the "
                "scan and DMHC row the card's source names first"
            ),
        },
        "printed_year": {
            "type": "int",
            "description": "the year of the card's copyright line, as its scan shows it",
        },
        "printings": {
            "type": "list",
            "description": (
                "later printings of this very card under its own number (the 2017 20A "
                "reprints, which DMHC numbers with an 'r' suffix)"
            ),
        },
        "capacity": {
            "type": "int",
            "description": (
                "an Option card's printed capacity (+50 = 50); recorded only where a source "
                "reads it from the card (Da-5's scan)"
            ),
        },
        "digi_battle_counterparts": {
            "type": "list",
            "description": (
                "digi-battle cards of the same species and level (US Rookie = III, Champion = "
                "IV, Ultimate = 完全体, Mega = 究極体)"
            ),
        },
    }


# The promo number shapes with a Bo-/Bx- prefix (PROM1, PROM2 and EXP; printings/README.md).
PRIVILEGE_SUFFIXES = ("Bo-*j", "Bo-*L", "Bo-*t", "Bo-*v", "Bo-*dw", "Bo-*f", "Bo-*s", "Bx-*s",
                      "Bx-*vj")
PRIVILEGE_FREE = "-(" + " or ".join(f"number:{shape}" for shape in PRIVILEGE_SUFFIXES) + ")"


def ultimate_limit(limit: int, source: str) -> dict[str, Any]:
    """The 究極体 cap; Hybrids are neither counted nor excluded, since no source says."""
    return {
        "id": "ultimate-limit",
        "kind": "count",
        "query": "type:Digimon level:究極体",
        "max": limit,
        "label": "究極体 (level VI)",
        "source": source,
        "description": f"At most {limit} 究極体 (level VI) Digimon cards, whatever their names.",
        "unsettled": "type:Digimon level:Hybrid",
        "unsettled_note": "no source found settles whether Hybrid Digimon count under the "
        "究極体 limit",
    }


def shared_rules(ultimate_cap: int, cap_source: str) -> list[dict[str, Any]]:
    """The name cap, the 究極体 cap and the level-III minimum, common to both formats."""
    return [
        {
            "id": "copies",
            "kind": "copies",
            "key": "name",
            "max": 3,
            "source": "S1, S3, S5",
            "description": "At most 3 cards with the same name, counted across card numbers, "
            "unless a card's own text allows more.",
        },
        ultimate_limit(ultimate_cap, cap_source),
        {
            "id": "device-limit",
            "kind": "count",
            "query": "name:*Device*",
            "max": 6,
            "label": "Device",
            "source": "DMHC: the text of Knight Device St-582, Rook Device St-598, King Device "
            "Bo-642, Queen Device Bo-693, Pawn Device Bo-697, Bishop Device Bo-743 and Rook "
            "Device Bo-744",
            "description": "At most 6 cards with the word 'Device' in their name, as the "
            "Device cards' own text says.",
        },
        {
            "id": "level-iii",
            "kind": "count",
            "query": "type:Digimon level:III",
            "min": 1,
            "label": "level III (成長期)",
            "source": "S1, S3, S5",
            "description": "At least one level III Digimon, which starts face down in the "
            "Digimon Box.",
        },
    ]


def header() -> dict[str, Any]:
    """Everything before the cards: game, fields, set-up and the two formats."""
    return {
        "schema": 1,
        "game": {
            "id": GAME_ID,
            "name": "Digital Monster Card Game (デジタルモンスターカードゲーム)",
            "aliases": ["digimon", "digica", "digimon-hc"],
            "publisher": "Bandai",
            "years": "1999–2005",
            "default_format": "hyper-colosseum",
            "columns": [
                "type",
                "level",
                "battle_type",
                "circle_attack",
                "triangle_attack",
                "cross_attack",
            ],
            "curve": "level",
            "sources": SOURCES,
        },
        "fields": field_defs(),
        "setup": {
            "set_aside": [
                {
                    "query": "type:Digimon level:III",
                    "count": 1,
                    "note": "placed face down in the Digimon Box",
                }
            ],
            "face_down": 1,
            "hand": 6,
            "mulligan": "none",
            "turn": {"draw": 0, "first_turn_draw": True},
        },
        "formats": {
            "hyper-colosseum": {
                "name": "Hyper Colosseum (ハイパーコロシアム)",
                "description": "The standard Japanese format, as in the Chinese rules text: "
                "30 cards.",
                "source": "S1, S3, S4, S6, S7",
                "rules": [
                    {
                        "id": "deck-size",
                        "kind": "size",
                        "exactly": 30,
                        "source": "S1, S3, S4, S6, S7",
                        "description": "A Hyper Colosseum deck has exactly 30 cards.",
                    },
                    *shared_rules(5, "S1"),
                ],
            },
            "ultimate-battle": {
                "name": "Ultimate Battle (official tournament regulation)",
                "description": "3-vs-3 tournament regulation: 60 or more St-/Bo- cards. The "
                "reference does not describe its set-up, so deckcli draw uses "
                "the Hyper Colosseum one.",
                "source": "S5",
                "rules": [
                    {
                        "id": "deck-size",
                        "kind": "size",
                        "min": 60,
                        "source": "S5",
                        "description": "An Ultimate Battle deck has 60 cards or more.",
                    },
                    *shared_rules(8, "S5"),
                    {
                        "id": "card-pool",
                        "kind": "allowed",
                        "query": "number:St-* or number:Bo-*",
                        "label": "St-/Bo- numbered cards",
                        "source": "S5",
                        "description": "Only St- and Bo- numbered cards; no privilege or promo "
                        "cards.",
                        "unsettled": "number:Sx-* or number:Bx-*",
                        "unsettled_note": "S9 files Sx- with the starters and Bx- with the "
                        "boosters; no source found says whether the St-/Bo- "
                        "rule admits them",
                    },
                    {
                        "id": "privilege-cards",
                        "kind": "allowed",
                        "query": PRIVILEGE_FREE,
                        "label": "non-privilege cards (a letter after a Bo- or Bx- number, as "
                        "in Bo-12j, Bo-3L, Bo-1t or Bo-1v, marks a privilege (promo) card, which "
                        "the regulation bars whatever its prefix)",
                        "source": "S5; the number suffixes: shared/reference/digimon/printings/"
                        "README.md",
                        "description": "No privilege (promo) cards, though their numbers start "
                        "with Bo- or Bx-.",
                    },
                ],
            },
        },
    }


# How the unheld sets number their cards (read from the DMHC files; the builder checks the count).
PREFIXES = {"PROM1": "Bo-Nj, Bo-NL",
            "PROM2": "Bo-, Bx-, Da-, Sp-, Vj-, CD-, WS- and 17 other prefixes",
            "EXP": "Bo-Nt, Bo-Nv", "NEW": "Re-", "NEW2": "Re-", "KIZU": "Re-",
            "20A": "Re-, St-Nr, Bo-Nr"}


def dmhc_unheld_summary(sets_dir: Path) -> dict[str, int]:
    """Rows per DMHC set the pool does not hold."""
    found: dict[str, int] = {name: 0 for name in PREFIXES}
    for row in dmhc_rows(sets_dir, held=False).values():
        found[row["file"].removeprefix("CardData").removesuffix(".txt")] += 1
    return found


def preamble(cards: list[dict[str, Any]], sets_dir: Path) -> str:
    """The preamble with the pool's own counts filled in."""
    digimon = [card for card in cards if card["type"] == "Digimon"]
    options = [card for card in cards if card["type"] == "Option"]
    counts = {
        "MATCHED": sum(1 for card in digimon if card["name_match"]),
        "DIGIMON": len(digimon),
        "OPT_JA": sum(1 for card in options if card["names"].get("ja")),
        "OPT_DERIVED": sum(1 for card in options if card["ja_name_derived"]),
        "OPT_ZH": sum(1 for card in options if card["names"].get("zh")),
    }
    unheld = dmhc_unheld_summary(sets_dir)
    counts["UNHELD_TOTAL"] = sum(unheld.values())
    printed = [card for card in cards if card["reference_file"] == "printings"]
    counts["PRINTED_CARDS"] = len(printed)
    counts["PRINT_ZH"] = sum(1 for card in printed if card["names"].get("zh-Hans"))
    text = PREAMBLE.replace("@UNHELD@", "\n".join(
        f"  {name}: {count} ({PREFIXES[name]})" for name, count in unheld.items()))
    for key, count in counts.items():
        text = text.replace(f"@{key}@", f"{count:,}")
    return text


def main(argv: list[str] | None = None) -> None:
    """Read the reference CSVs and write the pool."""
    args = parse_args(__doc__.splitlines()[0], GAME_ID, argv)
    cards = load_cards(args.reference)
    check_notes_known([*DOUBTS, *ZH_DOUBTS, *LEVEL_FIXES], cards)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = preamble(cards, args.reference / "dmhc-sets")
    write_pool(args.out, text, header(), ((card, note_comment(card)) for card in cards))
    print(f"wrote {args.out}: {len(cards)} cards")


if __name__ == "__main__":
    main()
