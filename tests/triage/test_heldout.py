"""The pre-registered sets (tests/triage/heldout, tests/triage/unseen): real logs made on the
local Slurm, each new class's evidence line the one a person would point at, the no-failure
verdict on successful jobs with scary text, and the scheduler's record set against the cause."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.triage.heldout_set import (
    HELDOUT,
    NO_FAILURE,
    UNSEEN,
    UNSEEN2,
    Case,
    load_cases,
    score,
)

from perfscout.triage import LogReport, triage_text

CASES = {c.name: c for c in load_cases(HELDOUT) + load_cases(UNSEEN) + load_cases(UNSEEN2)}


def _triage(name: str) -> tuple[Case, LogReport]:
    c = CASES[name]
    return c, triage_text(c.log.read_bytes(), str(c.log), c.job)


def _line(case: Case, no: int, text: str) -> str:
    return f"{case.log}:{no}: {text}"


def test_sets_are_large_enough_and_labelled() -> None:
    assert len(load_cases(HELDOUT)) >= 30 and len(load_cases(UNSEEN)) >= 20
    negatives = [c for c in CASES.values() if c.cls == NO_FAILURE]
    assert len(negatives) >= 10
    assert all(c.job is not None for c in CASES.values()), "every case has its sacct record"


@pytest.mark.parametrize("root", [HELDOUT, UNSEEN, UNSEEN2], ids=["heldout", "unseen", "unseen2"])
def test_accuracy_at_least_90_percent_and_no_false_failure(root: Path) -> None:
    results = [score(c, triage_text) for c in load_cases(root)]
    right = sum(r.right for r in results)
    assert right / len(results) >= 0.9, [(r.case.name, r.got, r.evidence) for r in results
                                         if not r.right]
    assert [r.case.name for r in results if r.case.cls == NO_FAILURE and r.got != NO_FAILURE] \
        == []


# (case, class, evidence line number, the exact line a person points at)
EVIDENCE = [
    ("traceback_after_tqdm", "python.traceback", 8, "ValueError: loss is nan at step 57"),
    ("traceback_in_library_frame", "python.traceback", 23,
     "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: "
     "line 2 column 1 (char 33)"),
    ("traceback_chained", "python.traceback", 18,
     "CheckpointError: could not open checkpoint ckpt/step-4000.pt"),
    ("u_traceback_attribute_error", "python.traceback", None,
     "AttributeError: 'NoneType' object has no attribute 'shape'"),
    ("stack_rust", "stack_overflow", 3, "thread 'main' (18215) has overflowed its stack"),
    ("stack_java", "stack_overflow", 2, 'Exception in thread "main" java.lang.StackOverflowError'),
    ("stack_python_recursion", "stack_overflow", 15,
     "RecursionError: maximum recursion depth exceeded"),
    ("u_stack_rust_thread", "stack_overflow", 3,
     "thread '<unknown>' (26011) has overflowed its stack"),
    ("runtime_cpp_terminate", "runtime.exception", 2,
     "terminate called after throwing an instance of 'std::runtime_error'"),
    ("runtime_java_exception", "runtime.exception", 2,
     'Exception in thread "main" java.lang.IllegalArgumentException: empty sample id'),
    ("runtime_rust_panic", "runtime.exception", 3,
     "thread 'main' (17721) panicked at load.rs:3:61:"),
    ("launcher_mpich_under_ompi_mpirun", "mpi.launcher", 1, "Hello from rank 0 of 1"),
    ("launcher_ompi_under_srun_pmi2", "mpi.launcher", 3,
     'The application appears to have been direct launched using "srun",'),
    ("launcher_mpich_invalid_rank", "mpi.launcher", 3,
     "internal_Send(78).: Invalid rank has value 1 but must be nonnegative and less than 1"),
    ("u_launcher_i_am", "mpi.launcher", 1, "I am 0 of 1"),
    ("v_abort_assert_c", "runtime.exception", 2, "chk: chk.c:3: main: Assertion `n > 0' failed."),
    ("v_stack_java_static_init", "stack_overflow", 1,
     'Exception in thread "main" java.lang.StackOverflowError'),
    ("u_mpi_abort_mpich", "mpi.abort", 5,
     "Abort(4) on node 1 (rank 1 in comm 0): application called MPI_Abort(MPI_COMM_WORLD, 4) "
     "- process 1"),
    ("timeout_midline_after_cr", "timeout", 1,
     "slurmstepd-vm: error: *** JOB 40 ON vm CANCELLED AT 2026-12-03T13:30:01 DUE TO TIME "
     "LIMIT ***"),
    ("oom_srun_after_progress", "oom.process", 403, "srun: error: vm: task 0: Killed"),
    ("mpi_rank_segfault", "segfault", 18,
     "mpirun.openmpi noticed that process rank 1 with PID 16575 on node vm exited on signal 11 "
     "(Segmentation fault)."),
]


@pytest.mark.parametrize(("name", "cls", "no", "text"), EVIDENCE, ids=[e[0] for e in EVIDENCE])
def test_cause_and_the_line_a_person_points_at(name: str, cls: str, no: int | None,
                                               text: str) -> None:
    case, rep = _triage(name)
    assert rep.verdict == "failed" and rep.primary == cls, (rep.primary, rep.matches[:2])
    first = rep.matches[0].evidence[0]
    if no is None:
        assert first.startswith(f"{case.log}:") and first.endswith(f": {text}"), first
    else:
        assert first == _line(case, no, text)


@pytest.mark.parametrize(("name", "frame"), [
    ("traceback_after_tqdm", 'train.py", line 13, in step'),
    ("traceback_in_library_frame", 'run_case.py", line 5, in load_config'),
    ("traceback_chained", 'resume.py", line 8, in open_checkpoint'),
    ("traceback_numpy", 'prep.py", line 4, in to_grid'),
    ("u_traceback_subprocess_check", 'pipeline.py", line 4, in convert'),
])
def test_python_traceback_names_the_innermost_user_frame(name: str, frame: str) -> None:
    case, rep = _triage(name)
    assert case.user_frame == frame  # the pre-registered frame
    assert frame in rep.matches[0].evidence[1], rep.matches[0].evidence
    assert "/lib/python" not in rep.matches[0].evidence[1]
    func = frame.rsplit(" in ", 1)[1]
    assert f"in {func} (" in rep.why


@pytest.mark.parametrize(("name", "survived"), [
    ("neg_handled_traceback", "oom.process"),
    ("neg_child_segfault_handled", "segfault"),
    ("neg_noisy_warnings", None),
    ("neg_mpi_pmix_ok", None),
    ("u_neg_logged_exception_recovered", None),
])
def test_successful_jobs_with_scary_text_are_no_failure(name: str, survived: str | None) -> None:
    _, rep = _triage(name)
    assert rep.verdict == "no failure" and rep.primary is None and rep.matches == ()
    assert "COMPLETED, exit 0" in rep.why and "agrees (no failure)" in rep.scheduler
    if survived:
        assert [m.id for m in rep.dismissed][:1] == [survived]
        assert f"{survived} at line" in rep.why


def test_the_same_scary_log_without_its_exit_0_is_a_failure() -> None:
    """The verdict comes from the scheduler's record: the handled segfault's log alone is
    reported as a segfault; with sacct's COMPLETED 0:0 it is no failure."""
    case = CASES["neg_child_segfault_handled"]
    assert triage_text(case.log.read_bytes(), str(case.log), None).primary == "segfault"


@pytest.mark.parametrize(("name", "want"), [
    ("launcher_mpich_under_srun_plain", "COMPLETED, exit 0, but the log shows mpi.launcher: "
                                        "disagreement"),
    ("command_not_found_typo", "but the log shows command_not_found: disagreement"),
    ("segfault_srun", "FAILED, exit 139 (signal 11, SIGSEGV): agrees with segfault"),
    ("stack_rust", "exit 134 (signal 6, SIGABRT): agrees with stack_overflow"),
    ("mpi_abort", "but the log names no known cause"),
])
def test_scheduler_record_agreement_or_disagreement_is_named(name: str, want: str) -> None:
    _, rep = _triage(name)
    assert want in rep.scheduler, rep.scheduler


def test_a_cause_stated_beats_a_kill_reported_by_the_launcher() -> None:
    """srun reports 'tasks 0-1: Killed' after an MPI_Abort; the abort is the cause."""
    _, rep = _triage("u_mpi_abort_mpich")
    assert rep.primary == "mpi.abort"
    assert "oom.process" in [m.id for m in rep.matches[1:]]


def test_unexplained_failure_quotes_the_programs_last_words_and_the_record() -> None:
    """A Perl die matches no row: the job is 'unexplained', and the evidence is the last line
    the program wrote, then the scheduler's record."""
    case, rep = _triage("v_perl_die")
    assert rep.primary == "unexplained" and rep.verdict == "failed"
    assert rep.matches[0].evidence == (
        _line(case, 2, "cannot open input.dat: No such file or directory"),
        "sacct: job 118 FAILED, exit 2")
