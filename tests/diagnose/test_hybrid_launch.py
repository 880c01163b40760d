"""A hybrid launch counts ranks times threads: ``mpirun -np 2 -x OMP_NUM_THREADS=2`` runs four
threads, so on a 2-CPU machine the ensemble is oversubscribed (before, the command's
``OMP_NUM_THREADS=2`` alone was read as the count and the slowdown beside the lone run went to
other jobs' noise). Fixture: ``data/hybrid_launch/make.sh`` (real mpicc, Open MPI, OpenMP)."""

from __future__ import annotations

import json
from pathlib import Path

from perfscout.diagnose.engine import Context
from perfscout.diagnose.rules.common import thread_count
from perfscout.model.metrics import Profile
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import PlatformSnapshot
from perfscout.pipeline.analyze import analyze

D = Path(__file__).parent / "data" / "hybrid_launch"


def _count(command: str) -> int | None:
    return thread_count(Context((Profile(format="program-output", path="x.txt",
                                         meta={"command": command}),), None, {}))


def test_a_hybrid_launch_runs_ranks_times_threads() -> None:
    assert _count("mpirun -np 2 -x OMP_NUM_THREADS=2 ./a") == 4
    assert _count("OMP_NUM_THREADS=3 srun -n 2 ./a") == 6
    assert _count("mpirun --np=4 ./a") == 4
    assert _count("OMP_NUM_THREADS=2 ./a") == 2


def test_two_ranks_of_two_threads_on_two_cpus_are_oversubscribed() -> None:
    raw = json.loads((D / "platform.json").read_text())["data"]
    snap = from_jsonable(PlatformSnapshot, raw.get("snapshot", raw))
    a = analyze([D / "alone.txt", D / "ensemble.txt"], snapshot=snap)
    over = next((f for f in a.findings if f.id == "sys.oversubscription"), None)
    assert over is not None, [f.id for f in a.findings]
    assert any(e.value == 4 and "4 threads/ranks on 2 CPUs" in e.quote for e in over.evidence), \
        [e.quote for e in over.evidence]
