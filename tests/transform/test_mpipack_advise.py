"""The loop closed on the halo program: profiles of the unpacked program (Open MPI monitoring and
perf, made by data/mpipack/make.sh with the real tools) give a small-messages finding whose
proposal is mpi_aggregate_messages, scoped to the per-element loop in the user's code; its
generated diff applies, builds and prints the same checksum on 2 ranks."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from conftest import require_tool
from perfscout.experiment.patching import apply_unified_diff
from perfscout.pipeline.analyze import Analysis, analyze
from perfscout.pipeline.source_changes import attach_diffs
from perfscout.sandbox import default_runner

DATA = Path(__file__).parent / "data" / "mpipack"
MON = DATA / "ompi-monitoring-halo.0.prof"
PERF = DATA / "perf-report-halo.txt"


def _analyze(*paths: Path) -> Analysis:
    with tempfile.TemporaryDirectory(prefix="perfscout-mpipack-") as ws:
        return analyze(list(paths), runner=default_runner(Path(ws)))


def _project(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the halo project, and the line profile pointing into it (the profile was
    taken on a scratch build written @BUILD@)."""
    proj = tmp_path / "halo"
    shutil.copytree(DATA / "halo", proj)
    lines = tmp_path / "perf-srcline.txt"
    lines.write_text((DATA / "perf-srcline-halo.txt").read_text().replace("@BUILD@", str(proj)))
    return proj, lines


def _mean_bytes() -> float:
    m = re.search(r"^E\t0\t1\t(\d+) bytes\t(\d+) msgs sent", MON.read_text(), re.M)
    assert m
    return int(m[1]) / int(m[2])


def test_monitoring_and_perf_give_the_small_messages_finding_and_the_packing() -> None:
    r = _analyze(MON, PERF)
    f = next(f for f in r.findings if f.id == "alg.small_messages")
    size = next(e.value for e in f.evidence if e.metric == "mpi.msg_size_mean")
    assert size == _mean_bytes()
    assert any(e.metric == "mpi.time_share" for e in f.evidence)  # perf: time in MPI code
    assert r.proposals[0].id == "mpi_aggregate_messages"


def test_proposal_is_scoped_to_the_message_loop_and_its_diff_keeps_the_output(
        tmp_path: Path) -> None:
    proj, lines = _project(tmp_path)
    r = _analyze(MON, PERF, lines)
    p = next(p for p in r.proposals if p.id == "mpi_aggregate_messages")
    text = (proj / "halo.c").read_text()
    first = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.lstrip().startswith("for"))
    assert p.scope == f"{proj / 'halo.c'}:{first}"
    assert p.change is not None and "packed into one message" in p.change.description
    out, bad = attach_diffs([p], proj)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change is not None else ""
    assert "MPI_Sendrecv(ps_send0, ps_n" in diff
    patched = tmp_path / "patched"
    shutil.copytree(proj, patched)
    (patched / "halo.c").write_text(apply_unified_diff(text, diff))
    sums = []
    for d in (proj, patched):
        require_tool("mpicc")
        b = subprocess.run(["make", "-s", "ROWS=200", "NCOLS=8"], cwd=d, capture_output=True,
                           text=True, timeout=300)
        assert b.returncode == 0, b.stderr
        run = subprocess.run([require_tool("mpirun"), "--allow-run-as-root", "--oversubscribe",
                              "-np", "2", str(d / "halo"), "5", "0"], capture_output=True,
                             text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        sums.append(re.findall(r"^checksum \S+$", run.stdout, re.M))
    assert sums[0] and sums[0] == sums[1]


def test_without_the_source_the_proposal_still_stands_unscoped() -> None:
    r = _analyze(MON, PERF)
    p = next(p for p in r.proposals if p.id == "mpi_aggregate_messages")
    assert ".c:" not in p.scope
