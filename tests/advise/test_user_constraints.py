"""What advise does with a user's note that states a constraint (read by the ``user-note``
adapter, ``tests/ingest/test_user_note.py``): a proposal that lowers the precision or adds
fast-math flags is refused quoting the note's clause and line, the do-not list names the
constraints first, and without the note the same proposals pass that guard."""

from __future__ import annotations

from pathlib import Path

from tests.advise.conftest import finding, good_proposal

from perfscout.advise import check_proposals
from perfscout.advise.donot import do_not_list
from perfscout.advise.facts import Facts
from perfscout.ingest import load
from perfscout.model.metrics import Metric, Profile

NOTES = Path(__file__).parents[1] / "ingest" / "data" / "user_notes"


def _bandwidth_case(with_note: bool) -> list[Profile]:
    profiles = [Profile(format="program-output", path="run.txt",
                        metrics=(Metric("mem.bandwidth", 15400.0, "MB/s"),)),
                Profile(format="likwid-bench", path="bench.txt",
                        metrics=(Metric("bench.bandwidth", 16100.0, "MB/s"),))]
    return [*profiles, load(NOTES / "bitwise_zh.md")] if with_note else profiles


def _fewer_bytes() -> dict[str, object]:
    return good_proposal(id="reduce_precision", addresses=["hw.memory_bandwidth"],
                         kind="source", title="Store the fields in single precision",
                         change={"description": "double -> float for the streamed arrays"})


def _fast_math() -> dict[str, object]:
    return good_proposal(id="llm.fastmath", addresses=["hw.memory_bandwidth"],
                         change={"flags": ["-O2", "-ffast-math"], "description": "fast math"})


def test_lower_precision_and_fast_math_are_refused_quoting_the_note(live, policy) -> None:  # type: ignore[no-untyped-def]
    fs = [finding("hw.memory_bandwidth")]
    ok, rej = check_proposals([_fewer_bytes(), _fast_math()], live, fs, _bandwidth_case(True),
                              policy_check=policy)
    assert not ok, [p.id for p in ok]
    assert {r.id: r.guard for r in rej} == {"reduce_precision": "user_constraint",
                                             "llm.fastmath": "user_constraint"}
    assert all("逐位一致" in str(r.reason) and "bitwise_zh.md:3" in str(r.reason) for r in rej)


def test_without_the_note_the_same_proposals_pass_that_guard(live, policy) -> None:  # type: ignore[no-untyped-def]
    fs = [finding("hw.memory_bandwidth")]
    _, rej = check_proposals([_fewer_bytes(), _fast_math()], live, fs, _bandwidth_case(False),
                             policy_check=policy)
    assert not [r for r in rej if r.guard == "user_constraint"]


def test_the_do_not_list_names_the_notes_constraints_first(live) -> None:  # type: ignore[no-untyped-def]
    facts = Facts.build([finding("hw.memory_bandwidth")], live, _bandwidth_case(True))
    entries = do_not_list(facts)
    first = [str(d.topic) for d in entries[:2]]
    assert any("precision" in t for t in first) and any("fast-math" in t for t in first), first
    assert "bitwise_zh.md:3" in str(entries[0].reason)
