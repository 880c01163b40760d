"""Four job logs made on the local Slurm after the classifier was finished, labelled in
``stranger/labels.txt`` before triage ran on them. The first run got three right and called the
glibc double-free abort (exit 134) "no failure": there was no abort class. These tests hold the
evidence line a person would point at."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.triage import triage_text

DATA = Path(__file__).parent / "stranger"


@pytest.mark.parametrize(("log", "cause", "evidence"), [
    ("j1_py_zero.out", "python.traceback", "ZeroDivisionError: division by zero"),
    ("j2_cmd_missing.out", "command_not_found", "frobnicate: command not found"),
    ("j3_double_free.out", "abort", "free(): double free detected in tcache 2"),
    ("j4_ok_warn.out", None, None),
])
def test_logs_made_after_the_classifier(log: str, cause: str | None,
                                        evidence: str | None) -> None:
    rep = triage_text((DATA / log).read_bytes(), log)
    assert rep.primary == cause
    if evidence is not None:
        assert evidence in rep.matches[0].evidence[0]


def test_heap_corruption_is_an_abort_even_with_core_dumped_after_it() -> None:
    for text in (b"malloc(): corrupted top size\nAborted (core dumped)\n",
                 b"free(): invalid pointer\nAborted (core dumped)\n"):
        rep = triage_text(text, "a.out")
        assert rep.primary == "abort", text
        assert rep.matches[0].evidence[0].startswith("a.out:1:")
