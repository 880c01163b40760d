"""Reading a log like a person: carriage-return progress, glued scheduler lines, tracebacks,
rank/size lines, and the literal prefilter that lets large logs be read whole."""

from __future__ import annotations

import pytest

from perfscout.triage import clean_lines, triage_text
from perfscout.triage.launcher import world_size
from perfscout.triage.patterns import required_literal
from perfscout.triage.sacct import JobFacts
from perfscout.triage.tracebacks import find


def test_carriage_return_progress_keeps_only_the_last_state_and_messages() -> None:
    raw = b"epoch 1: 10%|#  |\repoch 1: 50%|### |\rsaving checkpoint\repoch 1: 90%|#### |\n"
    assert clean_lines(raw) == [(1, "saving checkpoint"), (1, "epoch 1: 90%|#### |")]


def test_scheduler_line_glued_after_progress_is_its_own_line() -> None:
    raw = (b"\rdraws 10\rdraws 11slurmstepd-n1: error: *** JOB 5 ON n1 CANCELLED AT "
           b"2026-01-01T00:00:00 DUE TO TIME LIMIT ***\n")
    lines = clean_lines(raw)
    assert lines[-1] == (1, "slurmstepd-n1: error: *** JOB 5 ON n1 CANCELLED AT "
                            "2026-01-01T00:00:00 DUE TO TIME LIMIT ***")
    rep = triage_text(raw, "j.out")
    assert rep.primary == "timeout" and rep.matches[0].evidence[0].startswith(
        "j.out:1: slurmstepd-n1: error:")


def test_traceback_glued_after_a_bar_is_read_as_a_traceback() -> None:
    raw = (b"\rtrain: 3/9 [00:01]Traceback (most recent call last):\n"
           b'  File "/home/u/run.py", line 4, in <module>\n    main()\n'
           b'  File "/usr/lib/python3.11/json/__init__.py", line 3, in loads\n    x\n'
           b"ValueError: bad\n")
    rep = triage_text(raw, "t.out")
    assert rep.primary == "python.traceback"
    assert rep.matches[0].evidence == ("t.out:6: ValueError: bad",
                                       't.out:2: File "/home/u/run.py", line 4, in <module>')


def test_chained_traceback_is_one_report_ending_in_the_last_exception() -> None:
    text = ("Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n    g()\n"
            "KeyError: 'x'\n\nThe above exception was the direct cause of the following "
            "exception:\n\nTraceback (most recent call last):\n  File \"a.py\", line 9, in h\n"
            "    f()\nRuntimeError: no x\n")
    (tb,) = find(clean_lines(text.encode()))
    assert tb.exc_type == "RuntimeError" and tb.exception[1] == "RuntimeError: no x"
    assert tb.user_frame is not None and "line 9, in h" in tb.user_frame[1]


@pytest.mark.parametrize(("line", "size"), [
    ("Hello from rank 0 of 1", 1), ("rank 3/8 up", 8), ("Running with 1 MPI processes", 1),
    ("[0] nprocs = 4", 4), ("MPI world size: 1", 1), ("I am 0 of 1", 1),
    ("processing file 1 of 3", None), ("killed 1 processes", None), ("1 ranks left", None),
])
def test_world_size_lines(line: str, size: int | None) -> None:
    assert world_size(line) == size


def test_one_singleton_line_or_a_one_cpu_job_is_not_a_mix_up() -> None:
    assert triage_text(b"Hello from rank 0 of 1\n").primary is None
    assert triage_text(b"Hello from rank 0 of 1\nHello from rank 0 of 1\n").primary == \
        "mpi.launcher"
    assert triage_text(b"rank 0 of 2\nrank 1 of 2\n").primary is None


@pytest.mark.parametrize(("regex", "literal"), [
    (r"PMIx? .*(?:not|failed)", "pmi"), (r"a|b", None), (r"oom[-_]kill event", "kill event"),
    (r"(?:srun|slurmstepd): error: .*Killed", ": error: "), (r"\bMemoryError\b", "memoryerror"),
    (r"thread '[^']*'(?: \(\d+\))? panicked at", " panicked at"), (r"GLIBC_\d", "glibc_"),
])
def test_required_literal(regex: str, literal: str | None) -> None:
    assert required_literal(regex) == literal



LIMIT = (b"slurmstepd: error: *** JOB 5 ON n1 CANCELLED AT 2026-12-03T10:00:00 DUE TO TIME "
         b"LIMIT ***\n")
PLAIN = b"slurmstepd: error: *** JOB 5 ON n1 CANCELLED AT 2026-12-03T10:00:00 ***\n"


@pytest.mark.parametrize(("raw", "state"), [
    (LIMIT, "CANCELLED by 0"),  # the log says time limit, the record a plain cancel
    (PLAIN, "TIMEOUT"),  # the log says a plain cancel, the record time limit
    (LIMIT + PLAIN, "FAILED"),  # the log says both
])
def test_a_time_limit_beats_a_plain_cancel_wherever_either_is_read(raw: bytes,
                                                                   state: str) -> None:
    job = JobFacts("5", "j", state, "0:15", None, None, 1, None, None)
    rep = triage_text(raw, "slurm-5.out", job)
    assert rep.primary == "timeout"
    assert "cancelled" not in {m.id for m in rep.matches}
