"""The JSON Schema of deck files, for editors that validate TOML as you type (taplo)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

# Declared as draft-04 and using only its keywords: older taplo releases read no later draft.
DRAFT = "http://json-schema.org/draft-04/schema#"
# TOML has no null: an optional key is a string when present, so say just that.
OptionalText = Annotated[str | None, WithJsonSchema({"type": "string"})]


class DeckFile(BaseModel):
    """A deckcli deck: the game it is for, its format and name, and its cards."""

    model_config = ConfigDict(title="deckcli deck")

    game: str = Field(description="Game id or alias, as `deckcli games` lists them.")
    format: OptionalText = Field(None, description="Format whose rules apply; the game's "
                                 "default format when left out.")
    name: OptionalText = Field(None, description="The deck's name, for people.")
    cards: dict[str, Annotated[int, Field(ge=1)]] = Field(
        description="Card reference (number, name in any language, alias) = copies.",
    )


def deck_schema(games: list[str]) -> dict[str, Any]:
    """The schema, offering the known game ids as examples."""
    schema = DeckFile.model_json_schema()
    properties = schema["properties"]
    properties["game"]["examples"] = games
    for optional in ("format", "name"):
        properties[optional].pop("default", None)  # None is not a TOML value
    return {"$schema": DRAFT, **schema}
