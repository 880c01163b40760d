"""Every Slurm job log of the shared corpus is classified, with its evidence line."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.triage import clean_lines, parse_sacct, triage_files, triage_text

EXPECTED = {
    "joblog-err-13-jobs-cancelled.txt": ("cancelled", 1, "CANCELLED AT 2019-09-25T12:33:09"),
    "joblog-err-cancelled-2025.txt": ("cancelled", 1, "JOB 39819691"),
    "joblog-err-oom-kill-cgroup-old-format.txt": ("oom.cgroup", 1, "oom-kill event(s)"),
    "joblog-err-oom-kill-new-format-2025.txt": ("oom.cgroup", 1, "OOM Killed"),
    "joblog-err-slurm_script-Killed-signal.txt": ("oom.process", None, "427394 Killed"),
    "joblog-err-slurm_script-command-not-found.txt": ("command_not_found", 5, "command not found"),
    "joblog-err-tqdm-ansi-then-time-limit.txt": ("timeout", None, "DUE TO TIME LIMIT"),
    "joblog-err-tqdm-progress-then-oom-kill.txt": ("oom.cgroup", None, "oom-kill"),
    "joblog-out-app-then-time-limit-gollum.txt": ("timeout", None, "JOB 510763"),
}


def test_expected_covers_every_failing_joblog(corpus: Path) -> None:
    logs = {p.name for p in (corpus / "slurm").glob("joblog-*")}
    assert logs - set(EXPECTED) == {"joblog-out-site-epilog-job-statistics.txt"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_log_primary_and_evidence(corpus: Path, name: str) -> None:
    want, line, text = EXPECTED[name]
    rep = triage_files([corpus / "slurm" / name])[0]
    assert rep.primary == want, [m.id for m in rep.matches]
    ev = rep.matches[0].evidence[0]
    assert text in ev and ev.startswith(str(corpus / "slurm" / name) + ":")
    if line is not None:
        assert ev.split(":")[1] == str(line)


def test_epilog_statistics_is_not_a_failure(corpus: Path) -> None:
    rep = triage_files([corpus / "slurm" / "joblog-out-site-epilog-job-statistics.txt"])[0]
    assert rep.matches == ()


def test_time_limit_is_not_reported_as_plain_cancel(corpus: Path) -> None:
    rep = triage_files([corpus / "slurm" / "joblog-err-tqdm-ansi-then-time-limit.txt"])[0]
    assert "cancelled" not in [m.id for m in rep.matches]
    assert "\x1b" not in rep.matches[0].evidence[0]


def test_ansi_cr_and_invalid_utf8_are_cleaned() -> None:
    raw = b"\x1b[31mred\x1b[0m\r 10%|##  | 1/10\r 20%|### | 2/10\xff\xfe\nplain\n"
    lines = clean_lines(raw)
    # line 1: the message written before the bar, and the bar's last state only
    assert [no for no, _ in lines] == [1, 1, 2]
    assert lines[0] == (1, "red") and "\ufffd" in lines[1][1] and "20%" in lines[1][1]
    assert not any("10%" in t or "\x1b" in t for _, t in lines)
    assert lines[2] == (2, "plain")
    rep = triage_text(b"\x1b[1Ax\rSegmentation fault (core dumped)\xff\n", "a.err")
    assert rep.primary == "segfault" and rep.matches[0].evidence[0].startswith("a.err:1:")


@pytest.mark.parametrize(("text", "want"), [
    ("terminate called after throwing an instance of 'std::bad_alloc'", "oom.process"),
    ("MemoryError", "oom.process"),
    ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", "cuda_oom"),
    ("./app: error while loading shared libraries: libfoo.so.1: cannot open shared object file",
     "missing_library"),
    ("There are not enough slots available in the system to satisfy the 4", "mpi.slots"),
    ("mpirun has detected an attempt to run as root.", "mpi.root"),
    ("./a.out: /lib64/libc.so.6: version `GLIBC_2.34' not found", "version_mismatch"),
    ("write failed: No space left on device", "disk"),
    ("OSError: [Errno 122] Disk quota exceeded", "disk"),
    ("ModuleNotFoundError: No module named 'torch'", "python.import"),
    ("slurmstepd: error: *** JOB 9 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO PREEMPTION ***",
     "preempted"),
    ("slurmstepd: error: *** JOB 9 ON n1 CANCELLED AT 2024-01-01T00:00:00 DUE TO NODE FAILURE ***",
     "node_fail"),
    ("Bus error (core dumped)", "segfault"),
])
def test_pattern_table_rows(text: str, want: str) -> None:
    assert triage_text(text.encode()).primary == want


def test_sacct_parsable2_join() -> None:
    out = ("JobID|JobName|State|ExitCode|Elapsed|TotalCPU|NCPUS|MaxRSS|ReqMem\n"
           "7|big|OUT_OF_MEMORY|0:125|00:00:10|00:00:05|2||100M\n"
           "7.batch|batch|OUT_OF_MEMORY|0:125|00:00:10|00:00:05|2|98M|\n")
    (job,) = parse_sacct(out)
    assert job.failed and job.max_rss_kb == 98 * 1024 and job.req_mem_kb == 100 * 1024
    assert job.cpu_efficiency == pytest.approx(0.25)
    rep = triage_text(b"nothing useful\n", "slurm-7.out", job)
    assert rep.primary == "oom.cgroup" and "98%" in rep.notes[0]
