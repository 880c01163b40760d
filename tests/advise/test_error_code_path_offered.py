"""error_code_path at the catalog: a finding that measured the unwinder's share and names the
hot line of the own program tests/transform/data/exccode/config.cpp (a ``std::map`` lookup
whose miss is caught for a default) gets the proposal scoped to that line with the
generator's note, and a session's attach_diffs writes the test-first diff. A finding naming a
line with no try keeps the advice on its own scope; its diff is refused with the reason.
From a real perf profile of the own spatial hash (data/exccode/spatial, Makefile, -g): the
unwinder holds most of the run, the proposal lands on main.cpp's hot line with its diff
through the guards, and re-profiled after the change there is no exceptions finding."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.advise.conftest import PolicyCheck, finding

from advise.test_calls_offered import _profile
from perfscout.advise.catalog.app_compute import error_code_path
from perfscout.advise.facts import Facts
from perfscout.diagnose.rules.app_compute import UNWIND
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.proposals import Proposal
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.source_changes import Unconvertible, attach_diffs
from transform._cc import line_of

DATA = Path(__file__).resolve().parents[1] / "transform" / "data" / "exccode"
CONFIG = DATA / "config.cpp"


def _offered(tmp_path: Path, needle: str) -> tuple[Path, Proposal, list[Unconvertible], str]:
    """The project (config.cpp with a Makefile), the proposal for a finding naming the line
    holding ``needle``, and what attach_diffs made of it: the refusals and the diff."""
    work = tmp_path / "settings"
    work.mkdir()
    shutil.copy(CONFIG, work / "config.cpp")
    (work / "Makefile").write_text("settings: config.cpp\n\tg++ -O2 -o settings config.cpp\n")
    line = line_of(CONFIG.read_text(), needle)
    f = finding("app.redundant_work", (UNWIND, 0.8), scope=f"{work / 'config.cpp'}:{line}")
    p = error_code_path(Facts.build([f], None, []), f)
    assert p is not None and p.change is not None
    out, bad = attach_diffs([p], work)
    change = out[0].change
    return work, p, bad, change.diff if change is not None else ""


def test_the_hot_line_gets_the_generated_test_first_diff(tmp_path: Path) -> None:
    _work, p, bad, diff = _offered(tmp_path, "v = cfg.at(name);")
    hot = line_of(CONFIG.read_text(), "v = cfg.at(name);")
    assert p.scope == f"config.cpp:{hot}", p.scope
    assert p.change is not None and "became a test-first branch: cfg.find(name) != end()" \
        in p.change.description
    assert not bad, bad
    assert "-  try {\n-    v = cfg.at(name);\n" in diff
    assert "+  auto it = cfg.find(name);\n+  if (it != cfg.end()) {\n+    v = it->second;\n" \
        in diff


def test_a_line_without_a_try_keeps_the_advice_and_says_why(tmp_path: Path) -> None:
    work, p, bad, diff = _offered(tmp_path, "std::printf(\"sum")
    assert p.scope.startswith(str(work / "config.cpp"))  # the finding's own scope
    assert p.change is not None and "test-first" not in p.change.description
    assert not diff and len(bad) == 1
    assert "no try statement" in bad[0].reason, bad[0].reason


def test_a_perf_profile_of_the_spatial_hash_gets_the_diff_and_loses_the_finding(
        tmp_path: Path, policy: PolicyCheck) -> None:
    work = tmp_path / "spatial"
    shutil.copytree(DATA / "spatial", work)
    argv = ["./neighbours", "6000", "2"]
    a = analyze(_profile(work, [], argv))
    f = next((f for f in a.findings if any(e.metric == UNWIND for e in f.evidence)), None)
    assert f is not None and f.id == "app.redundant_work", [x.id for x in a.findings]
    p = next((p for p in a.proposals if p.id == "error_code_path"), None)
    assert p is not None, ([x.id for x in a.proposals], [(r.id, r.reason) for r in a.rejected])
    assert p.scope.startswith("main.cpp:"), p.scope
    out, bad = attach_diffs([p], work, facts=Facts.build(a.findings, None, a.profiles),
                            policy=policy)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and "+              auto it = grid.cells.find(key);" in ch.diff
    main = work / "main.cpp"
    main.write_text(apply_unified_diff(main.read_text(), ch.diff, "main.cpp"))
    b = analyze(_profile(work, [], argv))
    assert not any(e.metric == UNWIND for f in b.findings for e in f.evidence), \
        [(f.id, f.title) for f in b.findings]
