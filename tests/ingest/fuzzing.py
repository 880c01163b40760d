"""Shared hypothesis helpers: mutate a real corpus file and check the parser only raises
ParseError (or succeeds)."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import strategies as st

from perfscout.ingest.base import Adapter
from perfscout.model.errors import ParseError

GARBAGE = ["", "   ", "@@@", "-1e999", "nan", "1,2,3", "\t\t", "::::", "[1] x [1]", "# Size",
           "Flat profile:", "fn=(12)", "calls=x", "Copy: a b c d", "WR00 1 2 3", "\x00\xff",
           "@--- MPI Time (seconds) ---", "Task AppTime", "   *   x   y   z"]


@st.composite
def mutated_lines(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """A copy of ``lines`` with a few random deletions, duplications, digit swaps, inserts."""
    out = list(lines)
    for _ in range(draw(st.integers(1, 6))):
        if not out:
            break
        op = draw(st.sampled_from(["del", "dup", "digits", "insert", "truncate", "cut"]))
        i = draw(st.integers(0, len(out) - 1))
        if op == "del":
            del out[i]
        elif op == "dup":
            out.insert(i, out[i])
        elif op == "digits":
            out[i] = "".join(draw(st.sampled_from("x9.-")) if c.isdigit() else c
                             for c in out[i])
        elif op == "insert":
            out.insert(i, draw(st.sampled_from(GARBAGE)))
        elif op == "truncate":
            out = out[: i + 1]
        else:
            out[i] = out[i][: draw(st.integers(0, max(len(out[i]) - 1, 0)))]
    return out


def check_only_parse_error(adapter: Adapter, path: Path, lines: list[str]) -> None:
    """Write ``lines`` to ``path`` and parse: success or ParseError, nothing else."""
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="replace")
    with contextlib.suppress(ParseError):
        adapter.parse(path)


def corpus_lines(rel: str) -> list[str]:
    """Lines of a corpus file, or a one-line stand-in when the corpus is absent."""
    from conftest import CORPUS

    p = CORPUS / rel
    if not p.is_file():
        return ["(corpus absent)"]
    return p.read_text(encoding="utf-8", errors="replace").splitlines()


def make_fuzz_test(adapter_name: str, rel: str, examples: int = 60):  # type: ignore[no-untyped-def]
    """A hypothesis test: mutations of corpus file ``rel`` raise nothing but ParseError."""
    import tempfile

    from hypothesis import given, settings

    from perfscout.ingest.registry import get_adapter

    @settings(max_examples=examples, deadline=None)
    @given(data=mutated_lines(corpus_lines(rel)))
    def test(data: list[str]) -> None:
        with tempfile.TemporaryDirectory() as d:
            check_only_parse_error(get_adapter(adapter_name), Path(d) / "m.txt", data)

    return test
