"""Quantities read from forms a user hands over, from real outputs made here
(tests/diagnose/data/diag25/make.sh):

- ``OMP_THREAD_LIMIT`` in ``OMP_DISPLAY_ENV`` below ``OMP_NUM_THREADS`` caps every team: with
  the program's printout of its team (``threads in parallel team: 1``) that is
  ``rt.threads_lowered`` with the limit as its cause, and the proposal raises the limit
  (not a search of the code for ``omp_set_num_threads``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.diagnose.build import snapshot

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load
from perfscout.model.findings import Finding

D = Path(__file__).parent / "data" / "diag25"


def _two_cpus():  # type: ignore[no-untyped-def]
    s = snapshot(sockets=1, cores_per_socket=2, nodes=1, counters=False)
    return replace(s, cpu=replace(s.cpu, online_cpus=2, total_cpus=2))


def _findings(*files: Path) -> list[Finding]:
    return list(diagnose([derive(load(f)) for f in files], _two_cpus()).findings)


def test_thread_limit_is_read_from_display_env() -> None:
    p = load(D / "threadlimit.log")
    vals = {m.name: m.value for m in p.metrics}
    assert vals["omp.thread_limit"] == 1.0  # OMP_THREAD_LIMIT = '1', not OMP_TEAMS_THREAD_LIMIT
    assert vals["threads.requested"] == 2.0


def test_thread_limit_lowers_the_team() -> None:
    fs = _findings(D / "threadlimit.log")
    assert fs and fs[0].id == "rt.threads_lowered"
    assert "OMP_THREAD_LIMIT=1" in fs[0].title
    assert {e.metric for e in fs[0].evidence} >= {"omp.thread_limit", "threads.running"}
