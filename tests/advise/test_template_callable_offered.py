"""template_callable from a real perf profile of the own program tests/transform/data/devirt
(built with its Makefile and -g, run under perf record, reports by symbol and by source line
as a session collects them): libstdc++'s std::function invokers hold about a third of the
run, app.redundant_work says "a call through std::function at every element" with that share,
and the proposal carries the generated change (the sweep kernel in the header and the source
term in main.cpp become templates) through the guards. Re-profiled after the change: no
invoker in the profile, no finding."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from advise.test_calls_offered import _profile
from conftest import require_tool
from perfscout.advise.facts import Facts
from perfscout.advise.guards import PolicyCheck
from perfscout.diagnose.libwork import family_shares
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze
from perfscout.pipeline.line_profile import hot_lines
from perfscout.pipeline.source_changes import HOT_SHARE, attach_diffs

DEVIRT = Path(__file__).resolve().parents[1] / "transform" / "data" / "devirt"
ARGV = ["./flow", "200000", "200"]


def test_calls_through_std_function_get_a_template_parameter(
        tmp_path: Path, live: PlatformSnapshot, policy: PolicyCheck) -> None:
    require_tool("g++")
    work = tmp_path / "flow"
    shutil.copytree(DEVIRT, work)
    a = analyze(_profile(work, [], ARGV), snapshot=live)
    found = {f.id: f for f in a.findings}
    assert "app.redundant_work" in found, list(found)
    f = found["app.redundant_work"]
    assert f.title == "a call through std::function at every element (not inlined)"
    share = f.evidence[0].value
    assert share is not None and 0.15 < share < 0.8, f.evidence[0]
    assert "_M_invoke" in f.evidence[0].quote
    tc = next((p for p in a.proposals if p.id == "template_callable"), None)
    assert tc is not None, ([p.id for p in a.proposals],
                            [(r.id, r.guard, r.reason) for r in a.rejected])
    assert tc.scope.split(":")[0] in ("main.cpp", "sweep.hpp"), tc.scope
    assert tc.change is not None and "sweep() at sweep.hpp:7" in tc.change.description
    assert str(work) not in tc.change.description  # files named relative to the project
    # the session's way: the proposal's line, then every other hot line of the program
    hot = [(h.path, h.line) for h in hot_lines(a.profiles, work) if h.share >= HOT_SHARE]
    out, bad = attach_diffs([tc], work, facts=Facts.build(a.findings, live, a.profiles),
                            policy=policy, also=hot)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and ch.diff and "+template <class Flux>" in ch.diff
    # the diff applied as the runner would, re-profiled: the invokers are gone from the loop
    from perfscout.experiment.patching import apply_unified_diff
    for name in ("main.cpp", "sweep.hpp"):
        part = ch.diff[ch.diff.index(f"--- a/{name}"):]
        nxt = part.find("--- a/", 1)
        part = part if nxt < 0 else part[:nxt]
        (work / name).write_text(apply_unified_diff((work / name).read_text(), part, name))
    b = analyze(_profile(work, [], ARGV))
    assert not any(f.id == "app.redundant_work" for f in b.findings), \
        [(f.id, f.title) for f in b.findings]
    left = max((fs.share for p in b.profiles
                if (fs := family_shares(p).get("indirect calls")) is not None), default=0.0)
    assert left < 0.05, left  # what stays: the refused integrate() and flux_sum(), once each


def test_the_compilers_inliner_remarks_confirm_it(tmp_path: Path) -> None:
    """gcc -fopt-info-missed on the same sources names the std::function::operator() call
    sites it did not inline: a second family beside the profile's invoker share."""
    gxx = require_tool("g++")
    work = tmp_path / "flow"
    shutil.copytree(DEVIRT, work)
    reports = _profile(work, [], ARGV)
    r = subprocess.run([gxx, "-O2", "-g", "-fopt-info-missed", "-c", "main.cpp", "-o",
                        "/dev/null"], cwd=work, capture_output=True, text=True, timeout=300,
                       check=True)
    (work / "remarks.txt").write_text(r.stderr)
    a = analyze([*reports, str(work / "remarks.txt")])
    f = next(f for f in a.findings if f.id == "app.redundant_work")
    comp = [e for e in f.evidence if e.metric == "calls.std_function_sites"]
    assert comp and comp[0].source_kind == "compiler", f.evidence
    assert comp[0].value is not None and comp[0].value >= 2  # sweep's and relax's calls
    assert f.status == "confirmed", f.status
