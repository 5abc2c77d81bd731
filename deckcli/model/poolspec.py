"""The pool header as plain typed records (`model.spec`): game, fields, formats, set-up,
costs. The engine reads these; no pydantic is defined or imported here.

The fields every deck rule takes are `RuleBase`; each rule kind's own record is a subclass in
its module under `deckcli/engine/rules/kinds/`. The pydantic models a pool file is validated
against are built from these same declarations at the edge (`pools.schema`); unknown keys are
a mistake in the pool, not data to ignore.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from deckcli.i18n import _
from deckcli.model.problem import RuleSeverity
from deckcli.model.spec import Spec

if TYPE_CHECKING:
    from pydantic import Field

RULE_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class Strict(Spec):
    """Base for pool records."""


class FieldDef(Strict):
    """A card attribute a pool declares: its type, allowed values, order and spellings."""

    type: Literal["str", "int", "float", "bool", "list"] = "str"
    values: list[str] | None = None
    order: list[str] | None = None
    aliases: dict[str, str] = {}
    description: str = ""


class GameInfo(Strict):
    """What a game is called and how its cards are shown."""

    id: Annotated[str, Field(pattern=RULE_ID)]
    name: str
    aliases: list[str] = []
    publisher: str = ""
    years: str = ""
    default_format: str
    columns: list[str] = []
    curve: str | None = None
    sources: list[str] = []
    # Characters that matching names ignoring spaces and punctuation must keep, where the game's
    # names need them to stay apart (the ・ of Haikyu's two-person cards).
    name_keep: str = ""


class RuleBase(Strict):
    """Fields every deck rule takes, and what a rule reads of the cards.

    A kind's schema sets `kind` to its own `Literal` and overrides the readers it needs, so
    that the resolver (which cards a format's rules tell apart) and `deckcli pool check` (which
    queries and fields to validate) learn from the rule itself what it looks at.
    """

    id: Annotated[str, Field(pattern=RULE_ID)]
    kind: str
    severity: RuleSeverity = "error"
    description: str = ""
    source: str = ""
    label: str = ""
    unsettled: str | None = None
    unsettled_note: str = ""

    def queries(self) -> dict[str, str]:
        """The card queries the rule uses, by setting name; `query` (when a kind has one) is
        the cards it is about, which `deckcli pool check` wants to match some card."""
        return {"unsettled": self.unsettled} if self.unsettled else {}

    def card_fields(self) -> tuple[str, ...]:
        """Card fields the rule reads directly, not through a query."""
        return ()

    def copy_key(self) -> str | None:
        """What the rule counts copies by (`name`, `number` or a field), if it counts copies."""
        return None


class Bounds(Strict, mixin=True):
    """exactly / min / max, shared by size and count rules."""

    exactly: Annotated[int, Field(ge=0)] | None = None
    min: Annotated[int, Field(ge=0)] | None = None
    max: Annotated[int, Field(ge=0)] | None = None

    def problem(self) -> str | None:
        """Why the bounds cannot be met or say nothing, or None."""
        if self.exactly is None and self.min is None and self.max is None:
            return _("give exactly, min or max")
        if self.exactly is not None and (self.min is not None or self.max is not None):
            return _("exactly cannot be combined with min or max")
        if self.min is not None and self.max is not None and self.min > self.max:
            return _("min is greater than max")
        return None

    @property
    def low(self) -> int:
        return self.exactly if self.exactly is not None else (self.min or 0)

    @property
    def high(self) -> int | None:
        return self.exactly if self.exactly is not None else self.max

    def describe(self) -> str:
        """'exactly 60', 'at least 50', 'at most 8', '40 to 60'."""
        if self.exactly is not None:
            return _("exactly {count}").format(count=self.exactly)
        if self.min is not None and self.max is not None:
            return _("{low} to {high}").format(low=self.min, high=self.max)
        if self.min is not None:
            return _("at least {count}").format(count=self.min)
        return _("at most {count}").format(count=self.max)


class SetAside(Strict):
    """Cards taken out of the deck before shuffling (a NetNavi in play, a face-down level III)."""

    query: str
    count: Annotated[int, Field(ge=1)] = 1
    note: str = ""


class TurnDraws(Strict):
    """What each turn moves out of the deck."""

    mill: Annotated[int, Field(ge=0)] = 0
    draw: Annotated[int, Field(ge=0)] = 1
    first_turn_draw: bool = True
    hand_limit: Annotated[int, Field(ge=0)] | None = None


class Setup(Strict):
    """A game's set-up before the first turn, as data."""

    set_aside: list[SetAside] = []
    face_down: Annotated[int, Field(ge=0)] = 0
    hand: int | list[int] = 0
    mulligan: Literal["none", "partial", "full"] = "none"
    turn: TurnDraws = TurnDraws()
    note: str = ""

    @staticmethod
    def check_hand(hand: int | list[int]) -> str | None:
        sizes = hand if isinstance(hand, list) else [hand]
        if not sizes or any(size < 0 for size in sizes):
            return _("hand sizes must be non-negative and at least one")
        return None

    @property
    def hand_sizes(self) -> list[int]:
        return self.hand if isinstance(self.hand, list) else [self.hand]


class Costs(Strict):
    """How a card is paid for, as data: what `deckcli draw --playable` checks (MegaMan).

    A card needs `power` cards in the gauge (which gains `gauge_per_turn` a turn, up to
    `gauge_max`) and meets each requirement of its `requirements` text (`separator`-separated,
    each matching `colour_pattern` or `emblem_pattern`) with cards in play: the set-aside cards
    matching `in_play`, and at most `max_resources` cards matching `resources`. A resource
    supplies one of its `colour` and one of its `emblem`; it is unique in play by its name up
    to `title_separator` unless its `unique` field is false.
    """

    power: str
    requirements: str
    separator: str = "; "
    colour_pattern: str = "{name} x{count}"
    emblem_pattern: str = "{name} emblem x{count}"
    gauge_per_turn: Annotated[int, Field(ge=0)] = 1
    gauge_max: Annotated[int, Field(ge=0)] | None = None
    resources: str
    max_resources: Annotated[int, Field(ge=0)] | None = None
    in_play: str = ""
    colour: str
    emblem: str
    unique: str
    title_separator: str = ""
    source: str = ""


class Format(Strict):
    """A named set of deck rules."""

    name: str = ""
    description: str = ""
    source: str = ""
    rules: list[RuleBase] = []  # each of its kind's record (`pools.schema`)
    setup: Setup | None = None


class PoolHeader(Strict):
    """Everything in a pool file before its cards."""

    schema_: Annotated[int, Field(alias="schema")] = 1
    game: GameInfo
    fields: dict[str, FieldDef] = {}
    setup: Setup = Setup()
    costs: Costs | None = None
    formats: dict[str, Format]

    def problem(self) -> str | None:
        if self.game.default_format not in self.formats:
            known = ", ".join(self.formats) or "-"
            return _("game.default_format {format!r} is not one of the formats ({formats})"
                     ).format(format=self.game.default_format, formats=known)
        return None

    def setup_for(self, format_id: str) -> Setup:
        """The set-up a format uses: its own, else the game's."""
        return self.formats[format_id].setup or self.setup
