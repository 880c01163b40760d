"""The session's stacks (pipeline/stacking.py) from a verify result: which changes go in, the
source winners' diffs composed, the deferred flags added, and what stays out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perfscout.experiment.convert import to_variant
from perfscout.experiment.patching import apply_unified_diff
from perfscout.experiment.spec import Variant
from perfscout.model.proposals import Change, Proposal
from perfscout.model.serialize import to_jsonable
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.pipeline.stacking import stack
from transform._cc import build_run, line_of, write
from transform.test_composition import COLUMNS_THEN_ROWS


@dataclass
class _Outcome:
    name: str
    verdict: str
    ratio: float | None


class _Result:
    """What stack() reads of an experiment result: each variant's verdict and ratio."""

    def __init__(self, verdicts: dict[str, tuple[str, float]]) -> None:
        self.v = verdicts

    def outcome(self, name: str) -> _Outcome:
        verdict, ratio = self.v[name]
        return _Outcome(name, verdict, ratio)


def _flags(pid: str, *flags: str) -> Proposal:
    return Proposal(pid, kind="flags", title=pid, change=Change(flags=flags))


def _case(tmp_path: Path) -> tuple[Path, list[Proposal], dict[str, Any]]:
    root = tmp_path / "proj"
    root.mkdir()
    write(root, "prog.c", COLUMNS_THEN_ROWS)
    hot = line_of(COLUMNS_THEN_ROWS, "SECOND")
    src = [Proposal(pid, kind="source", title=pid, change=Change(description=pid),
                    scope=f"prog.c:{hot}") for pid in ("loop_interchange", "loop_tiling")]
    props, bad = attach_diffs(src, root)
    assert not bad, bad
    props += [_flags("loop_nest_optimize", "-floop-nest-optimize"), _flags("compiler_lto",
                                                                            "-flto"),
              Proposal("bind_threads", kind="env", title="bind",
                       change=Change(env={"OMP_PROC_BIND": "close"},
                                     launcher=("taskset", "-c", "0")))]
    analysis = {"hot_lines": [{"path": "prog.c", "line": hot, "share": 0.9}],
                "followups": [to_jsonable(_flags("compiler_arch", "-march=native")),
                              to_jsonable(_flags("compiler_lto", "-flto"))]}
    return root, props, analysis


def _variants(props: list[Proposal]) -> list[Variant]:
    out = [to_variant(p) for p in props]
    assert all(isinstance(v, Variant) for v in out), out
    return out  # type: ignore[return-value]


def test_the_stacks_compose_the_source_winners_and_add_the_deferred_flags(
        tmp_path: Path) -> None:
    root, props, analysis = _case(tmp_path)
    variants = _variants(props)
    res = _Result({"loop_interchange": ("win", 3.0), "loop_tiling": ("win", 1.2),
                   "loop_nest_optimize": ("inconclusive", 1.0), "compiler_lto": ("loss", 0.9),
                   "bind_threads": ("inconclusive", 1.0)})
    combos, winners, said = stack(variants, res, props, analysis, root, "")  # type: ignore[arg-type]
    assert [w.name for w in winners] == ["loop_interchange", "loop_tiling"]
    whole, lean = combos
    # all: both source changes composed, the flag that did not lose, the deferred -march
    assert "source changes composed: loop_interchange, loop_tiling" in said, said
    assert set(whole.extra_flags) == {"-floop-nest-optimize", "-march=native"}, whole.extra_flags
    # left out: the flag that lost (also as a follow-up: measured alone, its verdict stands),
    # and a launcher change
    assert "-flto" not in whole.extra_flags and not whole.launcher
    text = apply_unified_diff(COLUMNS_THEN_ROWS, whole.patch, "prog.c")
    # tiling generated on the interchanged nest: tiled, point loops in the unit-stride order
    assert "ii += 64" in text and "for (int j = 0; j < n; j++)" in text.split("SECOND")[0]
    assert build_run(write(tmp_path, "all.c", text)) == \
        build_run(write(tmp_path, "orig.c", COLUMNS_THEN_ROWS))
    # lean: the best source winner alone with the deferred flag, no untested flag
    assert lean.name.startswith("lean_") and lean.patch == variants[0].patch
    assert set(lean.extra_flags) == {"-march=native"}, lean.extra_flags


def test_with_no_winner_the_deferred_flags_are_still_tried(tmp_path: Path) -> None:
    root, props, analysis = _case(tmp_path)
    variants = _variants(props)
    res = _Result({v.name: ("neutral", 1.0) for v in variants})
    combos, winners, said = stack(variants, res, props, analysis, root, "")  # type: ignore[arg-type]
    assert winners == [] and combos, said
    assert all(not c.patch for c in combos)
    assert any(set(c.extra_flags) == {"-march=native"} for c in combos), combos
    analysis["followups"] = []
    combos, _w, said = stack(variants, res, props, analysis, root, "")  # type: ignore[arg-type]
    assert combos == [] and said.startswith("no winner"), said


def test_the_lean_stack_takes_the_best_flag_winner_only(tmp_path: Path) -> None:
    """Two flag winners (Graphite 1.2x, -O3 2.0x): *all* stacks both with the deferred
    -march=native, *lean* only the better one with it (one more flag can cost more than it
    gives; the measurement says which)."""
    root, props, analysis = _case(tmp_path)
    props = [*props, _flags("compiler_opt_level", "-O3")]
    variants = _variants(props)
    res = _Result({"loop_interchange": ("neutral", 1.0), "loop_tiling": ("loss", 0.8),
                   "loop_nest_optimize": ("win", 1.2), "compiler_lto": ("neutral", 1.0),
                   "bind_threads": ("inconclusive", 1.0), "compiler_opt_level": ("win", 2.0)})
    combos, winners, said = stack(variants, res, props, analysis, root, "")  # type: ignore[arg-type]
    assert {w.name for w in winners} == {"loop_nest_optimize", "compiler_opt_level"}
    whole, lean = combos
    assert set(whole.extra_flags) == {"-floop-nest-optimize", "-O3", "-flto", "-march=native"}
    assert whole.patch == ""  # a source change that did not win stays out
    assert set(lean.extra_flags) == {"-O3", "-march=native"}, (lean.extra_flags, said)
