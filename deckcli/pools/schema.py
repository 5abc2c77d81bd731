"""The pool schema at the edge: pydantic models built from the header's records
(`model.poolspec`, each rule kind's record), and a parsed header validated into records.

Only a pool read for the first time (a user's pool whose catalogue entry is missing or
stale), `deckcli pool check`, the wheel's build and the test suite come here; a check of a
shipped game, or of a pool validated before, reads its header as plain data and never
defines these classes. The models are made once per process, in the records' declaration
order, with the constraints their annotations give (`Field(ge=…, pattern=…, alias=…)`) and
each record's own checks (`problem`, `check_FIELD`) as validators, so the rules live in one
place: the record.
"""

from __future__ import annotations

from functools import cache, reduce
from operator import or_
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic import field_validator as pyd_field_validator
from pydantic import model_validator as pyd_model_validator

from deckcli.model import poolspec
from deckcli.model.poolspec import PoolHeader, RuleBase
from deckcli.model.spec import Spec, evaluate, field_checks, model_problem

CONFIG = ConfigDict(extra="forbid", frozen=True, defer_build=True)
RECORDS: dict[type[BaseModel], type[Spec]] = {}  # each model's record
NESTED = (poolspec.FieldDef, poolspec.GameInfo, poolspec.SetAside, poolspec.TurnDraws,
          poolspec.Setup, poolspec.Costs, poolspec.Format, poolspec.PoolHeader)


def _validators(cls: type[Spec]) -> dict[str, Any]:
    """A record's own checks as pydantic validators (a ValueError with the record's words)."""
    found: dict[str, Any] = {}
    for field, check in field_checks(cls).items():
        def one(_: type, value: object, check: Any = check) -> object:
            if (problem := check(value)) is not None:
                raise ValueError(problem)
            return value
        found[f"_check_{field}"] = pyd_field_validator(field)(classmethod(one))
    whole = model_problem(cls)
    if whole is not None:
        def every(model: BaseModel, whole: Any = whole) -> BaseModel:
            if (problem := whole(model)) is not None:
                raise ValueError(problem)
            return model
        found["_check"] = pyd_model_validator(mode="after")(every)
    return found


def _model(cls: type[Spec], names: dict[str, object]) -> type[BaseModel]:
    """The pydantic model of a record: its fields, their annotations evaluated with `names`
    (pydantic's `Field`, records replaced by their models), defaults and checks."""
    hints = evaluate(cls, {"Field": Field, **names})
    fields: dict[str, Any] = {}
    for field, hint in hints.items():
        if field in cls.__spec_defaults__:
            default = cls.__spec_defaults__[field]
            if isinstance(default, Spec):  # a record default: its model's default
                fields[field] = (hint, Field(default_factory=hint))
            else:
                fields[field] = (hint, default)
        else:
            fields[field] = (hint, ...)
    model: type[BaseModel] = create_model(
        cls.__name__, __config__=CONFIG, __validators__=_validators(cls), **fields)
    RECORDS[model] = cls
    return model


@cache
def models() -> dict[str, type[BaseModel]]:
    """Every record's model by the record's name; `RuleBase` is the union of the rule kinds'
    models, told apart by `kind`."""
    from deckcli.engine.rules import KINDS

    names: dict[str, object] = {}
    rules = [_model(kind.schema, names) for kind in KINDS.values()]
    models_of_rules = {rule.__name__: rule for rule in rules}
    union: Any = reduce(or_, rules)
    names[RuleBase.__name__] = Annotated[union, Field(discriminator="kind")]
    for cls in NESTED:
        names[cls.__name__] = _model(cls, names)
    return {**models_of_rules,
            **{name: model for name, model in names.items() if isinstance(model, type)}}


def to_record(value: object) -> Any:
    """A validated pydantic value as records (lists, dicts and scalars as they are)."""
    if isinstance(value, BaseModel):
        cls = RECORDS[type(value)]
        return cls(**{field: to_record(getattr(value, field)) for field in cls.__spec_fields__})
    if isinstance(value, (list, tuple)):
        return [to_record(item) for item in value]
    if isinstance(value, dict):
        return {key: to_record(item) for key, item in value.items()}
    return value


def validate(raw: dict[str, object]) -> PoolHeader:
    """A parsed header validated against the pool schema, as records; ValidationError."""
    header: PoolHeader = to_record(models()[PoolHeader.__name__].model_validate(raw))
    return header


__all__ = ["ValidationError", "models", "to_record", "validate"]
