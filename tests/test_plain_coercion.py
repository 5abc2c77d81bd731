"""Command-line values coerced without pydantic (`cli.coerce`) come out exactly as typer's own
coercion makes them, and a value typer refuses is refused with typer's own words."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import typer.main
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from deckcli.cli.app import app
from deckcli.cli.coerce import PlainFirst

for _module in ("check", "cards", "draw", "build", "convert"):
    importlib.import_module(f"deckcli.cli.{_module}")


def every_parameter() -> list:
    group = typer.main.get_command(app)
    found = list(group.params)
    for command in group.commands.values():
        found += list(command.params)
        for inner in getattr(command, "commands", {}).values():
            found += list(inner.params)
    return [param for param in found if getattr(param, "type_descriptor", None) is not None]


VALUES = ["x", "12", "0", "-1", "3.5", "", "BASH", "bash", "json", "samples", "a b",
          "/nonexistent/deck.toml", "99999999999999999999"]


def outcome(coercer, value, param):
    try:
        return ("value", coercer._coerce_value(value, param=param, ctx=None))
    except BadParameter as exc:
        return ("refused", str(exc))


@pytest.mark.parametrize("param", every_parameter(), ids=lambda param: param.name)
def test_plain_coercion_agrees_with_typers_own(param):
    descriptor = param.type_descriptor
    if descriptor.file_annotation is not None:
        pytest.skip("files are typer's alone")
    own = build_runtime_param(descriptor)
    plain = PlainFirst(descriptor.parameter_info, descriptor.annotation, descriptor)
    multi = param.multiple or param.nargs == -1
    for value in VALUES:
        given = (value, value) if multi else value
        assert outcome(plain, given, param) == outcome(own, given, param), (param.name, value)


def test_a_check_of_one_deck_imports_no_pydantic_for_its_options(tmp_path):
    import subprocess
    import sys

    deck = Path(__file__).resolve().parent.parent / "samples" / "megaman" / "starter-megaman.toml"
    code = ("import sys\nfrom deckcli.cli.app import main\n"
            "main(['check', sys.argv[1], '--jobs', '1', '-f', 'json', '--select', 'copies',"
            " '--no-cache'])\nprint('pydantic' in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", code, str(deck)], capture_output=True,
                         text=True, timeout=120, env={"DECKCLI_CACHE": "off", "PATH": ""})
    assert run.stdout.strip().splitlines()[-1] == "False", run.stderr
