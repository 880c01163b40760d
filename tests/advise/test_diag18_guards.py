"""Guards from measured quantities (fixtures: tests/diagnose/data/diag18/make.sh): a new
parallel region is refused for code that already runs one (an outlined OpenMP body) or whose
threads take turns in the runtime; buffering is refused when nothing measured a write or read
(text formatted in memory), and passes when the profile samples the write path."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import good_proposal

from perfscout.advise import check_proposals
from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parents[1] / "diagnose" / "data" / "diag18"


def _parallel(scope: str, addresses: list[str]) -> dict[str, object]:
    return good_proposal(id="llm.par", addresses=addresses, kind="source", scope=scope,
                         title="Parallelise the loop with OpenMP",
                         change={"description": "add #pragma omp parallel for"})


def _check(files: tuple[str, ...], p: dict[str, object], live, policy):  # type: ignore[no-untyped-def]
    profs = [derive(load(D / f)) for f in files]
    d = diagnose(profs)
    return check_proposals([p], live, list(d.findings), profs, policy_check=policy)


def test_parallel_region_refused_when_threads_take_turns(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = _parallel("", ["rt.sync_contention"])
    p["id"] = "parallelize_omp"
    ok, rej = _check(("dyn-perf.txt",), p, live, policy)
    assert not ok and rej[0].guard == "parallel_takes_turns"
    assert "GOMP_loop_nonmonotonic_dynamic_next" in rej[0].reason


def test_parallel_region_refused_on_an_outlined_body(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = _parallel("main._omp_fn.0", ["rt.serial_fraction"])
    p["id"] = "parallelize_omp"
    ok, rej = _check(("fmt-perf.txt",), p, live, policy)
    assert not ok and rej[0].guard == "parallel_takes_turns" and "main._omp_fn.0" in rej[0].reason


def test_parallel_region_not_refused_by_this_guard_for_serial_code(live, policy) -> None:  # type: ignore[no-untyped-def]
    p = _parallel("main", ["rt.serial_fraction"])
    p["id"] = "parallelize_omp"
    _, rej = _check(("dynst-perf.txt",), p, live, policy)
    assert all(r.guard != "parallel_takes_turns" for r in rej)


def _buffering() -> dict[str, object]:
    return good_proposal(id="io_buffering", addresses=["app.io_hotspot"], kind="source",
                         title="Buffer the output",
                         change={"description": "setvbuf a large buffer"})


def test_buffering_refused_for_formatting_in_memory(live, policy) -> None:  # type: ignore[no-untyped-def]
    ok, rej = _check(("fmt-perf.txt",), _buffering(), live, policy)
    assert not ok and rej[0].guard == "buffering_needs_io"


def test_buffering_not_refused_when_the_write_path_is_sampled(live, policy) -> None:  # type: ignore[no-untyped-def]
    _, rej = _check(("fmtio-perf.txt",), _buffering(), live, policy)
    assert all(r.guard != "buffering_needs_io" for r in rej)


def test_static_schedule_offered_for_the_handout_only(live) -> None:  # type: ignore[no-untyped-def]
    from perfscout.pipeline.analyze import analyze

    a = analyze([D / "dyn-perf.txt"], snapshot=live)
    p = next(p for p in a.proposals if p.id == "omp_static_schedule")
    assert p.addresses == ("rt.sync_contention",) and "schedule(static)" in p.change.description
    assert all(p.id != "parallelize_omp" for p in a.proposals)
    # a mutex per item is the same kind, but the schedule is not what holds it
    b = analyze([D / "mq-perf.txt", D / "mq-strace.txt"], snapshot=live)
    assert b.findings[0].id == "rt.sync_contention"
    assert all(p.id != "omp_static_schedule" for p in b.proposals)
