"""A fix's text edits come from difflib's opcodes over the lines; `line_opcodes` compares
only the lines between the shared start and end when no line repeats, and its answer is
difflib's over the whole, opcode for opcode (so every fix's edits are as they were)."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.formats.fixedit import line_opcodes

LINES = st.lists(st.sampled_from([f"line {n}\n" for n in range(10)] + ["\n", "x"]),
                 max_size=12)


def difflib_opcodes(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    return difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()


@given(old=LINES, new=LINES)
@settings(max_examples=400, deadline=None)
def test_any_lines_give_difflib_s_opcodes(old, new):
    assert list(line_opcodes(old, new)) == difflib_opcodes(old, new)


@given(lines=st.lists(st.integers(0, 60), unique=True, min_size=1, max_size=30), data=st.data())
@settings(max_examples=400, deadline=None)
def test_distinct_lines_changed_in_a_few_places_give_difflib_s_opcodes(lines, data):
    """The layout of a deck and its fix: lines that do not repeat, one to three changed."""
    old = [f"{n} = 1\n" for n in lines]
    new = list(old)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(new)))
        kind = data.draw(st.sampled_from(["set", "drop", "add"]))
        if kind == "set" and at < len(new):
            new[at] = new[at].replace("= 1", f"= {data.draw(st.integers(2, 9))}")
        elif kind == "drop" and at < len(new):
            del new[at]
        else:
            new.insert(at, f"{100 + at} = 1\n")
    if len(set(new)) == len(new):
        assert list(line_opcodes(old, new)) == difflib_opcodes(old, new)
