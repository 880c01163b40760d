"""error_code_path at the catalog: a finding that measured the unwinder's share and names the
hot line of the own program tests/transform/data/exccode/config.cpp (a ``std::map`` lookup
whose miss is caught for a default) gets the proposal scoped to that line with the
generator's note, and a session's attach_diffs writes the test-first diff. A finding naming a
line with no try keeps the advice on its own scope; its diff is refused with the reason."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.advise.conftest import finding

from perfscout.advise.catalog.app_compute import error_code_path
from perfscout.advise.facts import Facts
from perfscout.diagnose.rules.app_compute import UNWIND
from perfscout.model.proposals import Proposal
from perfscout.pipeline.source_changes import Unconvertible, attach_diffs
from transform._cc import line_of

CONFIG = Path(__file__).resolve().parents[1] / "transform" / "data" / "exccode" / "config.cpp"


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
