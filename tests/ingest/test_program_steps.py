"""A program's own per-step times and per-thread busy times (tests/ingest/data/user_evidence/
make.sh, src/steps.c), read by hand off steps-output.txt."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from ingest.fuzzing import mutated_lines
from perfscout.ingest.registry import get_adapter, load
from perfscout.model.errors import ParseError
from perfscout.model.metrics import ScopeKind

D = Path(__file__).parent / "data" / "user_evidence"


def test_step_times_are_steps_of_one_run_and_sum_to_its_time() -> None:
    # "step 1 time 0.1292 s residual 9.155e+00" ... "step 4 time 0.0428 s ..."
    p = load(D / "steps-output.txt")
    steps = {m.scope.name: m.value for m in p.metrics if m.name == "time.step"}
    assert steps == {"step 1": 0.1292, "step 2": 0.1936, "step 3": 0.1371, "step 4": 0.0428}
    assert {m.scope.kind for m in p.metrics if m.name == "time.step"} == {ScopeKind.INTERVAL}
    # no step is a run of its own; the run's time is their sum (nothing else printed one)
    (el,) = [m for m in p.metrics if m.name == "time.elapsed"]
    assert round(el.value, 4) == 0.5027 and el.scope.kind == ScopeKind.PROCESS
    # "thread 0 of 2: 0.029 s" / "thread 1 of 2: 0.051 s": busy time per thread
    busy = {m.scope.name: m.value for m in p.metrics if m.name == "busy.time"}
    assert busy == {"0": 0.029, "1": 0.051}
    assert p.unparsed_lines == 0


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / "steps-output.txt").read_text().splitlines()))
def test_fuzz_step_printouts(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "out.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("program-output").parse(target)


def test_numbered_runs_with_values_named_by_their_units() -> None:
    # "Copy run 0: 0.0463 s, 2898.6 MB/s" ... "Copy run 2: 0.0163 s, 8257.4 MB/s"
    p = load(D / "copy-runs.txt")
    got = [(m.name, m.scope.name, m.value) for m in p.metrics
           if m.name in ("time.elapsed", "mem.bandwidth")]
    assert got == [("time.elapsed", "run 1", 0.0463), ("mem.bandwidth", "run 1", 2898.6),
                   ("time.elapsed", "run 2", 0.0196), ("mem.bandwidth", "run 2", 6847.3),
                   ("time.elapsed", "run 3", 0.0163), ("mem.bandwidth", "run 3", 8257.4)]
    assert p.unparsed_lines == 0


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated_lines((D / "copy-runs.txt").read_text().splitlines()))
def test_fuzz_numbered_runs(tmp_path: Path, data: list[str]) -> None:
    target = tmp_path / "out.txt"
    target.write_text("\n".join(data) + "\n")
    with contextlib.suppress(ParseError):
        get_adapter("program-output").parse(target)


def test_a_threads_printed_cpu_time_is_its_busy_time(tmp_path: Path) -> None:
    # "thread 1 cells=500000 cpu=0.125 s": a line scoped to one thread; its CPU time is that
    # thread's work (busy.time of the thread), not the run's CPU time
    f = tmp_path / "out.txt"
    f.write_text("n=1500000 threads=2 wall=0.777 s\nthread 0 cells=1000000 cpu=0.240 s\n"
                 "thread 1 cells=500000 cpu=0.125 s\n")
    p = load(f)
    busy = {m.scope.name: m.value for m in p.metrics
            if m.name == "busy.time" and m.scope.kind == ScopeKind.THREAD}
    assert busy == {"0": 0.240, "1": 0.125}
    assert not [m for m in p.metrics if m.name == "time.cpu"]


def test_an_unreadable_only_input_fails_naming_what_to_collect(tmp_path: Path) -> None:
    # a file no adapter reads (a user's prose notes) still fails alone (one line, InputError),
    # and the hint says which data would decide, besides the formats tried (a debugger
    # backtrace is read now: tests/ingest/test_system_evidence.py)
    import pytest

    from perfscout.model.errors import InputError

    f = tmp_path / "bt.txt"
    f.write_text("it hangs now and then after the restart step\n"
                 "maybe the solver, maybe the file system?\n")
    with pytest.raises(InputError) as e:
        load(f)
    assert "collect instead" in e.value.hint and "perf record" in e.value.hint
    assert "formats tried" in e.value.hint
