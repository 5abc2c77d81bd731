"""Rule ids deckcli reports itself, before or beside a pool's rules: reading and resolving decks.

They have no pool entry, so this catalogue is their documentation (`deckcli rules`, SARIF
rule descriptors). `--select` and `--ignore` take these ids like any pool rule id.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.i18n import N_
from deckcli.model.problem import Severity


@dataclass(frozen=True)
class BuiltinRule:
    """A rule id with its default severity, what it checks, a deck that fails it, and which
    fix its problems offer and how safe (`deckcli rules`; '' when none)."""

    id: str
    stage: str
    severity: Severity
    description: str
    example: str
    fix: str = ""


_RULES = [
    BuiltinRule("unreadable", "file", "error",
                N_("The deck file (or a folder) can be read."),
                N_("a deck file without read permission")),
    BuiltinRule("file-too-large", "file", "error",
                N_("A deck file is at most 2,000,000 bytes."),
                N_("a 3 MB file named deck.toml")),
    BuiltinRule("empty-file", "file", "error",
                N_("A deck file holds something."),
                N_("an empty deck.toml")),
    BuiltinRule("encoding", "file", "error",
                N_("A deck file is UTF-8 text (not UTF-16 or binary)."),
                N_("a deck saved as UTF-16 by a Windows editor")),
    BuiltinRule("invalid-toml", "file", "error",
                N_("A .toml deck is valid TOML; the problem gives the line and column."),
                N_('[cards] then "AreaSteal" = = 4')),
    BuiltinRule("invalid-field", "file", "error",
                N_("game, format and name (and a LackeyCCG deck's zone names) are strings "
                   "without control characters."),
                "game = 3"),
    BuiltinRule("missing-cards", "file", "error",
                N_("A TOML deck has a [cards] table."),
                N_('game = "megaman" and no [cards] table')),
    BuiltinRule("invalid-card-ref", "file", "error",
                N_("A card reference is not empty, at most 200 characters, no control character."),
                '"" = 2'),
    BuiltinRule("invalid-count", "file", "error",
                N_("A card count is a whole number from 1."),
                N_('"AreaSteal" = 2.5 or "AreaSteal" = 0')),
    BuiltinRule("text-syntax", "file", "error",
                N_("Every line of a text list reads 'COUNT NAME', 'NAME xCOUNT', 'NAME (COUNT)' "
                   "or '[COUNT] NAME (NUMBER)', or is a section header naming a card type."),
                N_("a line 'AreaSteal four'")),
    BuiltinRule("xml-syntax", "file", "error",
                N_("A LackeyCCG .dek is well-formed XML, with no document type or entity "
                   "declarations, and each <card> has a <name> inside a <superzone>."),
                N_("a .dek cut off before </deck>")),
    BuiltinRule("csv-header", "file", "error",
                N_("A CSV deck has a header (in its first 30 rows) naming a count column and a "
                   "number or name column; without one nothing else is said of the file."),
                N_("a CSV without a header row")),
    BuiltinRule("csv-syntax", "file", "error",
                N_("Each row of a CSV deck below its header is a card, a repeated header, a "
                   "section or a total that agrees with the counts."),
                N_("a CSV row whose total disagrees with the rows above")),
    BuiltinRule("json-syntax", "file", "error",
                N_('A JSON deck is {"CARD": count, …} or {"cards": [{"id": …, "count": …}]}.'),
                N_('a JSON deck whose "cards" is a string')),
    BuiltinRule("deck-zone", "file", "warning",
                N_("Cards of a side zone (a Sideboard:, Side deck: or Maybe: section, a JSON "
                   '"sideboard", a LackeyCCG zone other than Deck and NetNavi) are not counted; '
                   "this lists them."),
                N_("a text list with 'Sideboard:' then '2x Flame Brain'")),
    BuiltinRule("too-many-entries", "file", "error",
                N_("A deck lists at most 5,000 entries."),
                N_("a generated list of 6,000 different cards")),
    BuiltinRule("missing-game", "deck", "error",
                N_("The deck's game is known: the file names it, --game or the configuration's "
                   "[[decks]] does, or its cards clearly name one game."),
                N_("a text list without a '# game:' line whose cards fit two games alike")),
    BuiltinRule("game-inferred", "deck", "info",
                N_("A deck that names no game is judged by the game its cards name (one game "
                   "knows at least 80% of its card references and more than twice as many as "
                   "any other); pin it to be sure."),
                N_("a text list of MegaMan cards without a '# game: megaman' line")),
    BuiltinRule("game-conflict", "deck", "info",
                N_("A deck that names its own game is judged by it; a game given for decks that "
                   "name none (--game, import's GAME) says so when it differs."),
                N_("check --game haikyu of a list with '# game: megaman'")),
    BuiltinRule("unknown-game", "deck", "error",
                N_("The deck's game is one deckcli knows."),
                'game = "pokemon"'),
    BuiltinRule("unknown-format", "deck", "error",
                N_("The deck's format is one of its game's."),
                N_('game = "megaman" with format = "modern"')),
    BuiltinRule("broken-pool", "deck", "error",
                N_("The game's card pool loads and its rule queries are valid."),
                N_("any deck of a game whose pool file has a syntax error")),
    BuiltinRule("pool-override", "deck", "warning",
                N_("A deck judged by a user pool that replaces a built-in game says so, "
                   "whatever select and ignore say."),
                N_("DECKCLI_POOLS naming a folder with its own megaman.toml")),
    BuiltinRule("pool-added", "deck", "info",
                N_("A deck judged by a user pool that adds a game deckcli does not ship says so "
                   "(a notice: it never fails a deck, not even with --strict), whatever select "
                   "and ignore say."),
                N_("DECKCLI_POOLS naming a folder with a pool of another game")),
    BuiltinRule("config-silenced", "deck", "info",
                N_("A deck whose errors or warnings the repository's configuration (select, "
                   "ignore) leaves out says how many and which rules, whatever select and "
                   "ignore say (a notice; --isolated checks without the configuration)."),
                N_('ignore = ["copies"] in pyproject.toml on a deck with five copies of a card')),
    BuiltinRule("config-excluded", "deck", "info",
                N_("A deck git tracks that the repository's configuration excludes (exclude, "
                   "extend-exclude) is named, not checked, whatever select and ignore say (a "
                   "notice; --isolated checks it)."),
                N_('extend-exclude = ["*.toml"] in deckcli.toml')),
    BuiltinRule("no-decks", "deck", "error",
                N_("A folder given to check holds deck files."),
                N_("deckcli check on an empty folder")),
    BuiltinRule("unknown-card", "card", "error",
                N_("Every card reference names a card of the pool (number, name in any language "
                   "or alias); the problem suggests close names."),
                '"Cyber Swordd" = 4'),
    BuiltinRule("ambiguous-card", "card", "error",
                N_("A name shared by cards that differ for the format's rules is judged under "
                   "each reading: a warning when the verdict is the same under all, an error "
                   "naming the legal reading when it is not."),
                N_("Coelamon (ST-36 or its holo ST-36S) in a Digi-Battle deck that holds ST-36")),
    BuiltinRule("unknown-mark", "card", "warning",
                N_("A mark after a card number ('Name (HV-P01-006 頂)') is one of the printings "
                   "the pool records for that card; the number decides either way."),
                "2 影山 飛雄 (HV-P01-006 X)"),
    BuiltinRule("name-number-mismatch", "card", "error",
                N_("A card written with both name and number ('Name (number)', a CSV row) has "
                   "the number's name; the number decides."),
                "4 AreaSteal (1C12)"),
    BuiltinRule("unmatched-name", "card", "warning",
                N_("The name written beside a card number names some card (a gloss or variant "
                   "spelling is counted by its number, with this warning)."),
                N_("a CSV row 黑尾 鐵朗,HV-P01-021,3")),
    BuiltinRule("read-as", "card", "info",
                N_("A name typed in another script (romaji, kana, pinyin, the other Chinese "
                   "characters, Latin without accents) that stands for one card's name is read "
                   "as that card, with this notice naming it."),
                "3 kageyama tobio (影山 飛雄)"),
    BuiltinRule("duplicate-card", "card", "warning",
                N_("A card is listed once; two entries for one card are counted together."),
                N_("a text list with '2 AreaSteal' on two lines, or \"1C8\" and \"AreaSteal\""),
                fix=N_("Fix (safe, --fix): merges the entries into the first line that names "
                       "the card.")),
    BuiltinRule("not-owned", "card", "info",
                N_("With a collection configured (collection in the configuration) or given "
                   "(check --collection FILE), a card the deck needs more copies of than the "
                   "collection holds is noted, with how many to acquire; it never fails a "
                   "deck."),
                N_("4 CyberSword in a deck, 3 in the collection")),
    BuiltinRule("card-spelling", "card", "info",
                N_("A card name is written as the pool writes it (case, width, spacing, "
                   "typographic quotes); a name in another language stays in that language. "
                   "Reported only when selected by name (--select card-spelling)."),
                '"areasteal" = 4',
                fix=N_("Fix (safe, --fix): writes the name as the pool does.")),
    BuiltinRule("number-form", "card", "info",
                N_("A card number is written as the pool writes it ('1c8' is 1C8). Reported "
                   "only when selected by name (--select number-form)."),
                '"1c8" = 4',
                fix=N_("Fix (safe, --fix): writes the number as the pool does.")),
]

_FIXES = {
    "game-inferred": N_("Fix (safe, --fix): writes the game in the file (game = \"id\" or '# "
                        "game: id')."),
    "missing-game": N_("Fix (display-only): one choice per game its cards fit; nothing is "
                       "applied."),
    "unknown-card": N_("Fix (unsafe, --unsafe-fixes): replaces the name by its did-you-mean "
                       "when one is clearly the best."),
    "ambiguous-card": N_("Fix (display-only): one choice per reading (its card number); nothing "
                         "is applied."),
}
_RULES = [rule if rule.id not in _FIXES else BuiltinRule(
    rule.id, rule.stage, rule.severity, rule.description, rule.example, _FIXES[rule.id])
    for rule in _RULES]

BUILTIN_RULES: dict[str, BuiltinRule] = {rule.id: rule for rule in _RULES}
