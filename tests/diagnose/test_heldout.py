"""The pre-registered held-out cases are analysed end to end; the figure is measured (and
reported by benches/bench_diagnosis.py), these tests hold what must not regress silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.diagnose import heldout_score as ho

LABELS = {lb.case: lb for lb in ho.labels()}


def test_every_heldout_folder_is_found_as_a_set() -> None:
    found = ho.sets()
    assert {"heldout", "heldout2"} <= set(found)
    assert all(n.startswith("heldout") and any(p.glob("*/label.yaml")) for n, p in found.items())


@pytest.mark.parametrize("name", list(ho.sets()))
def test_each_set_is_large_and_covers_every_layer_and_undecidable_cases(name: str) -> None:
    labels = ho.labels(ho.sets()[name], with_data=False)  # the pre-registered labels
    # heldout13's author delivered 28 (20 programs, 5 undecidable); heldout16's 25, stopping
    # rather than add cases after the labels' commit: still every layer and 5 undecidable;
    # heldout23's brief asked for 4 or 5 undecidable cases, and its author wrote 4;
    # heldout25's brief asked for 24 to 28 cases, and its author kept 24 (two could not be
    # validated on the loaded machine and were dropped before the labels' commit); heldout27's
    # author wrote 24 with 4 undecidable on a machine loaded by a test suite and another set
    assert len(labels) >= 24
    layers = {lb.top.split(".")[0] for lb in labels if lb.top}
    assert layers == {"hw", "sys", "rt", "alg", "app"}
    assert sum(lb.undecidable for lb in labels) >= (4 if name in ("heldout23", "heldout27")
                                                    else 5)


def test_no_label_of_the_first_set_was_found_wrong() -> None:
    assert not [lb.case for lb in LABELS.values() if lb.label_wrong]


@pytest.mark.parametrize("case", [c for c, lb in LABELS.items() if lb.undecidable])
def test_undecidable_cases_get_a_data_request_and_nothing_confirmed(case: str) -> None:
    s = ho.score(LABELS[case])
    assert s.request_ok, (s.ranked, s.statuses)


@pytest.mark.parametrize("case", ["app-x87-objdump", "rt-affinity-omp-one-place",
                                  "hw-matmul-ijk-cachegrind", "alg-mpi-imbalance"])
def test_traps_are_not_answered_with_the_obvious_wrong_finding_or_a_hazard(case: str) -> None:
    s = ho.score(LABELS[case])
    assert s.top1 and not s.hazards, (s.ranked, s.hazards)


def test_the_ijk_matmul_proposals_name_the_hot_line_not_the_first_loop() -> None:
    s = ho.score(LABELS["hw-matmul-ijk-callgrind"])
    loops = [x for x in s.scopes if x.startswith(("loop_interchange@", "loop_tiling@"))]
    assert loops and all(x.endswith(("matmul_ijk.c:15", "matmul_ijk.c:16")) for x in loops), \
        s.scopes


def test_a_first_run_figure_is_recorded_once_and_never_remeasured(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benches" / "bench_diagnosis.py"
    spec = importlib.util.spec_from_file_location("bench_diagnosis", path)
    assert spec and spec.loader
    bd = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bd)

    written: list[object] = []
    monkeypatch.setattr(bd, "write_result", lambda name, figs: written.append(figs))
    monkeypatch.setattr(bd, "_previous", lambda: {"heldout2": {"first_run": {"top1": 1}}})
    with pytest.raises(SystemExit, match="already has its first-run figure"):
        bd.first_run("heldout2")
    with pytest.raises(SystemExit, match="no held-out set 'heldout-none'"):
        bd.first_run("heldout-none")
    with pytest.raises(SystemExit, match="usage"):
        bd._cli(["--first-run"])
    assert not written


def test_line_data_is_judged_from_the_raw_files_by_the_hot_files_name(tmp_path: Path) -> None:
    """A report by function does not name the source file: no line can be named from it; an
    annotated source (or a srcline report) does, whatever directory the label gives."""
    by_function = tmp_path / "perf-report.txt"
    by_function.write_text("# Overhead  Command  Symbol\n    91.20%  mm  [.] kernel\n")
    srcline = tmp_path / "perf-srcline.txt"
    srcline.write_text("    64.10%  mmkin.f90:31\n    20.00%  mmkin.f90:30\n")
    assert not ho.names_hot_files([by_function], ["_src/mmkin.f90:31"])
    assert ho.names_hot_files([by_function, srcline], ["_src/mmkin.f90:31"])
    assert not ho.names_hot_files([srcline], ["other.c:12"])
