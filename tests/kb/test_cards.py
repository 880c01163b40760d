"""Cards in the shared database: round trip, migration from schema v1, stats for advise."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from perfscout.experiment.runner import ExperimentResult, VariantOutcome
from perfscout.experiment.store import Store, migrate
from perfscout.kb import Card, CardStore, Gain, cards_from_experiment, kb_stats, summarize
from perfscout.kb.schema import MIGRATIONS, SCHEMA_VERSION, version
from perfscout.model.errors import NotFoundError, StateConflict
from perfscout.model.findings import Evidence, Finding, Status
from perfscout.model.proposals import ExpectedGain, Proposal
from perfscout.model.taxonomy import Layer

KEY_A = "Intel Xeon|gcc-12.2.0|openmpi-4.1.4"
KEY_B = "Neoverse-V2|gcc-13.1.0|nompi"


def card(pid: str, verdict: str, actual: float | None, key: str = KEY_A, exp: str = "e1",
         lo: float = 1.0, hi: float = 2.0) -> Card:
    return Card(id=f"{pid}-{exp}-{key[:3]}", proposal_id=pid, verdict=verdict, platform_key=key,
                scope="triad", expected_low=lo, expected_high=hi,
                actual=Gain(actual, None if actual is None else actual * 0.9,
                            None if actual is None else actual * 1.1), experiments=(exp,))


def test_round_trip_prefix_and_filters(tmp_path: Path) -> None:
    db = tmp_path / "perfscout.db"
    with CardStore(db) as cs:
        cs.add(card("thread_count", "win", 1.8))
        cs.add(card("bind_threads", "neutral", 1.01, key=KEY_B))
        got = cs.get("thread_count")
        assert got.actual == Gain(1.8, pytest.approx(1.62), pytest.approx(1.98))
        assert got.cpu == "Intel Xeon" and got.compiler == "gcc-12.2.0"
        assert got.mpi == "openmpi-4.1.4" and got.created_at
        assert [c.proposal_id for c in cs.cards(platform_key=KEY_B)] == ["bind_threads"]
        with pytest.raises(NotFoundError):
            cs.get("nothing")
        cs.add(card("thread_count", "loss", 0.7, exp="e2"))
        with pytest.raises(StateConflict):
            cs.get("thread_count")
    # the same file still holds the experiment tables: one database, two components
    store = Store(db)
    try:
        comps = {r[0] for r in store.conn.execute("SELECT component FROM migrations")}
    finally:
        store.close()
    assert comps == {"experiment", "kb"}


def test_v1_database_upgrades_without_losing_cards(tmp_path: Path) -> None:
    db = tmp_path / "perfscout.db"
    Store(db).close()
    conn = sqlite3.connect(str(db), isolation_level=None)
    migrate(conn, "kb", {1: MIGRATIONS[1]})  # a database made by the first KB release
    conn.execute(
        "INSERT INTO kb_cards (id, created_at, proposal_id, scope, problem, expected_low, "
        "expected_high, actual, actual_low, actual_high, verdict, platform_key, "
        "experiments_json) VALUES ('old-1', '2026-01-01T00:00:00Z', 'loop_interchange', "
        "'matmul', 'stride-n inner loop', 2.0, 8.0, 5.5, 5.1, 6.0, 'win', ?, '[\"exp-old\"]')",
        (KEY_A,))
    assert version(conn) == 1
    conn.close()

    with CardStore(db) as cs:
        assert version(cs.conn) == SCHEMA_VERSION > 1
        old = cs.get("old-1")
        cs.save_run("r1", "demo", {"x": 1})  # a v2 table exists now
        assert cs.latest_run("demo") == ("r1", {"x": 1})
    assert old.proposal_id == "loop_interchange" and old.verdict == "win"
    assert old.actual == Gain(5.5, 5.1, 6.0)
    assert (old.expected_low, old.expected_high) == (2.0, 8.0)
    assert old.experiments == ("exp-old",) and old.stage == "" and old.reasons == ()
    raw = sqlite3.connect(str(db)).execute("SELECT cpu FROM kb_cards").fetchone()
    assert raw == ("Intel Xeon",)  # v2 filled the new column from the key
    with CardStore(db) as cs:  # opening again is a no-op
        assert len(cs.cards()) == 1


def test_stats_per_platform_and_kb_stats_for_advise() -> None:
    cards = [card("thread_count", "win", 1.8, exp="1"), card("thread_count", "win", 1.2, exp="2"),
             card("thread_count", "loss", 0.9, exp="3"),
             card("thread_count", "invalid", 3.0, exp="4"),
             card("thread_count", "neutral", 1.0, key=KEY_B, exp="5"),
             card("enable_smt", "loss", 0.8, lo=1.0, hi=1.0, exp="6")]
    by = {(s.proposal_id, s.platform_key): s for s in summarize(cards)}
    a = by[("thread_count", KEY_A)]
    assert (a.n, a.wins, a.losses, a.n_invalid) == (3, 2, 1, 1)
    assert a.success_rate == pytest.approx(2 / 3)
    assert a.median_actual == pytest.approx(1.2)  # the invalid 3.0 is left out
    assert a.median_actual_over_expected == pytest.approx(1.2 / 1.5)
    assert by[("thread_count", KEY_B)].success_rate == 0.0
    stats = kb_stats(cards, KEY_A)
    assert set(stats) == {"thread_count", "enable_smt"}
    assert stats["enable_smt"]["success_rate"] == 0.0
    assert stats["enable_smt"]["median_actual_over_expected"] == pytest.approx(0.8)
    assert kb_stats(cards)["thread_count"]["n"] == 4  # all platforms


def _outcome(name: str, pid: str, verdict: str, ratio: float | None) -> VariantOutcome:
    return VariantOutcome(name, pid, 5, 100.0, 90.0, 110.0, 0.05, ratio,
                          None if ratio is None else ratio - 0.1,
                          None if ratio is None else ratio + 0.1, 0.01, verdict)


def test_cards_from_experiment_carry_both_gains_and_the_problem() -> None:
    res = ExperimentResult("demo-triad-confirm-abc", "demo-triad-confirm", "triad", 10_000_000,
                           "bandwidth_MBps", "higher", 8,
                           _outcome("baseline", "", "baseline", None),
                           (_outcome("two", "thread_count", "win", 1.9),
                            _outcome("manual", "", "neutral", 1.0)))
    f = Finding("hw.memory_bandwidth", Layer.HARDWARE, Status.HYPOTHESIS, 0.6,
                "one core leaves bandwidth unused",
                evidence=(Evidence("mem.bandwidth", 13000.0, "MB/s",
                                   quote="13000 MB/s = 45% of peak 29000 MB/s"),))
    p = Proposal("thread_count", addresses=("hw.memory_bandwidth",), kind="param",
                 expected_gain=ExpectedGain(1.3, 2.0, "bandwidth headroom"),
                 evidence=("mem.bandwidth",))
    cards = cards_from_experiment(res, {"thread_count": p}, platform_key=KEY_A, findings=[f])
    assert len(cards) == 1  # the hand-written variant has no proposal, so no card
    c = cards[0]
    assert (c.expected_low, c.expected_high, c.expected_basis) == (1.3, 2.0, "bandwidth headroom")
    assert c.actual == Gain(1.9, pytest.approx(1.8), pytest.approx(2.0))
    assert c.verdict == "win" and c.stage == "confirm" and c.experiments == (res.id,)
    assert "hw.memory_bandwidth" in c.problem
    assert "13000 MB/s = 45% of peak 29000 MB/s" in c.evidence
    assert c.proposal["id"] == "thread_count"


def test_stage_only_from_matrix_suffixes() -> None:
    base = _outcome("baseline", "", "baseline", None)

    def mk(name: str) -> ExperimentResult:
        return ExperimentResult(f"{name}-x", name, "triad", 1, "m", "higher", 2, base,
                                (_outcome("v", "omp_simd", "neutral", 1.0),))

    assert cards_from_experiment(mk("my-exp"), {}, platform_key=KEY_A)[0].stage == ""
    assert cards_from_experiment(mk("demo-jacobi-screen"), {}, platform_key=KEY_A)[0].stage \
        == "screen"
