"""Issue 16: in a session on a user's project, source proposals get a diff generated for the
hot loop that the line-level profile names; a generated change is built and verified on a
copy of the project; a proposal whose generation is refused stays listed with its reason."""

from __future__ import annotations

import json
import shutil
import subprocess
from contextlib import closing
from pathlib import Path

import pytest

from conftest import run_cli

DATA = Path(__file__).parent / "data"
NEEDED = ("perf", "make", "gcc")


def _env(out: subprocess.CompletedProcess[str]) -> dict:  # type: ignore[type-arg]
    assert "Traceback" not in out.stderr, out.stderr
    return dict(json.loads(out.stdout))


def _project(tmp: Path, name: str = "colmv") -> Path:
    """A copy of a project of tests/session/data (two sources, a header in src/, a Makefile,
    the size from -D; the hot loop walks a matrix a column at a time) and its spec pointing
    at the copy."""
    missing = [t for t in NEEDED if shutil.which(t) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    proj = tmp / name
    shutil.copytree(DATA / name, proj, ignore=shutil.ignore_patterns("*.yaml"))
    spec = tmp / f"{name}.yaml"
    spec.write_text((DATA / name / f"{name}.yaml").read_text().replace("PROJECT", str(proj)))
    return spec


def _analysis(home: Path, sid: str) -> dict:  # type: ignore[type-arg]
    return dict(json.loads((home / "sessions" / sid / "analysis.json").read_text()))


def test_a_generated_loop_interchange_is_built_and_verified(tmp_path: Path,
                                                           ps_home: Path) -> None:
    spec = _project(tmp_path)
    policy = tmp_path / "approve.yaml"
    policy.write_text("confirm_platform: true\napprove: [loop_interchange]\n")
    before = sorted(p.read_bytes() for p in (tmp_path / "colmv").rglob("*") if p.is_file())
    d = _env(run_cli("session", "start", "--spec", str(spec), "--approval-policy", str(policy),
                     "--json"))
    assert d["exit_code"] == 0, d
    data = d["data"]
    sid = data["id"]
    assert any("line-level profile: perf record" in n
               for n in data["outputs"]["collect"]["notes"]), data["outputs"]["collect"]
    a = _analysis(ps_home, sid)
    # the hot line is in the project's own kernel file, named relative to the project
    assert a["hot_lines"][0]["path"] == "src/kernel.c", a["hot_lines"]
    props = {p["id"]: p for p in a["proposals"]}
    li = props["loop_interchange"]
    assert li["scope"].startswith("src/kernel.c:"), li["scope"]
    diff = li["change"]["diff"]
    assert "src/kernel.c" in diff and "+" in diff and "for (int i" in diff, diff
    assert "loop_interchange" not in [u["id"] for u in a["unconvertible"]]
    # verify built the generated change in a copy and it computes the same result
    assert data["next"] is None, data
    exp = data["outputs"]["verify"]["experiment"]
    assert "loop_interchange" in data["outputs"]["verify"]["verdicts"]
    from perfscout.experiment.store import Store, default_db
    from perfscout.experiment.validity import correctness_reasons

    with closing(Store(default_db(ps_home))) as st:
        res = st.get(exp).result
    assert res is not None
    out = res.outcome("loop_interchange")
    assert correctness_reasons(out.reasons) == [], out.reasons
    assert out.verdict != "invalid" or out.reasons, out
    # the user's project is never written
    after = sorted(p.read_bytes() for p in (tmp_path / "colmv").rglob("*") if p.is_file())
    assert before == after


def test_a_refused_generation_stays_listed_with_its_reason(tmp_path: Path,
                                                          ps_home: Path) -> None:
    """In colsweep's in-place sweep each point reads its upper and left neighbours' new
    values: both loops carry a dependence, so no `omp parallel for` is generated; the proposal
    stays on the approval menu with the dependence named, and in analysis.json (or, when
    another hot nest takes the change, in the proposal's description). The interchange of the
    same nest is legal (both distances stay positive) and gets its diff."""
    spec = _project(tmp_path, "colsweep")
    # the user's own thread sweep (no speedup from a second thread) is what makes
    # parallelize_omp worth offering; the profile alone does not say the code is serial
    sweep = tmp_path / "sweep.txt"
    sweep.write_text("threads time_s\n1 2.00\n2 1.96\n")
    out = run_cli("session", "start", str(sweep), "--spec", str(spec), "--confirm-platform")
    assert out.returncode == 0, out.stderr
    sid = next((ps_home / "sessions").iterdir()).name
    a = _analysis(ps_home, sid)
    offered = {p["id"]: p for p in a["proposals"]}
    refused = {u["id"]: u for u in a["unconvertible"]}
    assert "parallelize_omp" in offered, (sorted(offered), a["rejected"])
    assert offered["loop_interchange"]["change"]["diff"], refused
    par = offered["parallelize_omp"]
    if par["change"]["diff"]:
        # under load main.c's own loops can reach the hot-line threshold: the change is then
        # generated there, never on the sweep, whose refusal the description names
        assert "src/sweep.c" not in par["change"]["diff"]
        assert "not changed: src/sweep.c:" in par["change"]["description"]
        assert "carried by loop j" in par["change"]["description"]
        return
    why = refused["parallelize_omp"]["reason"]
    assert "carried by loop j" in why and "carried by loop i" in why, why
    assert refused["parallelize_omp"]["scope"].startswith("src/sweep.c:")
    shown = " ".join(out.stderr.split())
    assert "no diff for parallelize_omp: src/sweep.c:" in shown
    assert "parallelize_omp (source)" in shown and "CANNOT RUN: src/sweep.c:" in shown
    assert "no loop of the nest can run" in shown
    # approving only the refused proposal leaves approve waiting, with the generator's reason
    d = _env(run_cli("session", "approve", sid, "--approve", "parallelize_omp", "--json"))
    assert d["data"]["next"] == "approve", d
    assert "parallelize_omp: src/sweep.c:" in d["data"]["waiting"]
    assert "no loop of the nest can run" in d["data"]["waiting"]
    # ... and the report of the finished session lists it with the same reason
    d = _env(run_cli("session", "approve", sid, "--approve", "loop_interchange", "--json"))
    assert d["data"]["next"] is None, d
    md = Path(d["data"]["outputs"]["report"]["md"]).read_text()
    assert "no source change generated for parallelize_omp (src/sweep.c:" in " ".join(md.split())


def test_a_generated_blas_call_links_with_its_library_after_the_sources(
        tmp_path: Path, ps_home: Path) -> None:
    """use_blas's diff needs -lopenblas: the proposal carries it among its flags, and the
    variant must put it where the linker takes it (LDLIBS, after the objects), not in CFLAGS
    before the sources, where the link of a make build fails."""
    import dataclasses

    from perfscout.experiment.build import build_variant
    from perfscout.experiment.convert import to_variant
    from perfscout.experiment.spec import Variant, inherit, load_spec
    from perfscout.model.proposals import Proposal
    from perfscout.pipeline.source_changes import attach_diffs
    from perfscout.sandbox.runner import default_runner

    if not Path("/usr/include/x86_64-linux-gnu/cblas.h").exists() and \
            not Path("/usr/include/cblas.h").exists():
        pytest.skip("no cblas.h (libopenblas-dev) installed")
    spec = load_spec(_project(tmp_path), need_variants=False)
    # cblas.h names a parameter N: the colmv default size is used instead of -DN
    spec = dataclasses.replace(spec, baseline=dataclasses.replace(spec.baseline, defines={}))
    props, bad = attach_diffs([Proposal("use_blas", kind="source", title="BLAS",
                                        scope="src/kernel.c:8")], Path(spec.project))
    assert bad == [] and "cblas_dgemv" in props[0].change.diff  # type: ignore[union-attr]
    v = to_variant(props[0], "")
    assert isinstance(v, Variant)
    assert v.libs == ("-lopenblas",) and "-lopenblas" not in v.extra_flags
    ws = tmp_path / "ws"
    ws.mkdir()
    b = build_variant(default_runner(ws), spec, inherit(spec.baseline, v), ws / "build")
    assert b.exe.is_file()
