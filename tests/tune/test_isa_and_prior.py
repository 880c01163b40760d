"""One flag-legality table for advise and tune; the evidence as a prior over the full space."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO
from perfscout.advise.facts import Facts
from perfscout.advise.guards import isa_flags
from perfscout.model.findings import Finding, Status
from perfscout.model.proposals import Change, Proposal
from perfscout.model.runs import PolicyDecision
from perfscout.model.snapshot import CacheLevel, Compiler, CpuInfo, PlatformSnapshot
from perfscout.model.taxonomy import layer_of
from perfscout.tune import narrow
from perfscout.tune.prior import GuidedProposer, evidence_prior, hard_limits, ranked
from perfscout.tune.replay import load_table, region_holds_a_near_best, run_once
from perfscout.tune.space import Param, Space

DATA = REPO / "benches" / "data"


def snap(isa: tuple[str, ...] = ("avx2",), cores: int = 2) -> PlatformSnapshot:
    return PlatformSnapshot(
        cpu=CpuInfo(arch="x86_64", isa=isa, sockets=1, cores_per_socket=cores,
                    threads_per_core=1, online_cpus=cores,
                    caches=(CacheLevel(1, "data", 48 * 1024),
                            CacheLevel(2, "unified", 2 * 1024 * 1024))),
        compilers=(Compiler("gcc", "gnu", "12.2.0"),))


def finding(fid: str) -> Finding:
    return Finding(fid, layer_of(fid), Status.HYPOTHESIS, 0.7, fid)


AVX512_FLAGS = ("-march=znver4", "-march=x86-64-v4", "-march=cascadelake", "-mavx512f",
                "-march=sapphirerapids", "-march=icelake-server")


@pytest.mark.parametrize("flag", AVX512_FLAGS)
def test_advise_and_tune_refuse_the_same_avx512_flags(flag: str) -> None:
    # tune's copy once missed znver4, x86-64-v4 and cascadelake: both now read model/isa.py
    s = snap()
    guard = isa_flags(Proposal("p", change=Change(flags=("-O3", flag))),
                      Facts.build([], s, []), lambda argv: PolicyDecision(True, ""))
    space = Space("f", (Param("flags", "compiler_flags", "categorical", ("-O2", f"-O3 {flag}")),))
    kept = narrow([finding("hw.vectorization")], s, space)
    tuned = {p.name: p.choices() for p in kept.params} | kept.fixed_values()
    assert guard is not None and "AVX-512" in guard
    assert f"-O3 {flag}" not in str(tuned["flags"])
    full, removed = hard_limits(space, s)
    assert full.param("flags").values == ("-O2",) and "AVX-512" in removed[0]
    with_avx512 = snap(("avx2", "avx512f"))
    assert isa_flags(Proposal("p", change=Change(flags=("-O3", flag))),
                     Facts.build([], with_avx512, []), lambda a: PolicyDecision(True, "")) is None
    assert hard_limits(space, with_avx512)[1] == []


def test_prior_keeps_the_full_space_and_prefers_the_evidence_with_reasons() -> None:
    space = Space("mm", (
        Param("order", "loop_order", "categorical", ("ijk", "ikj", "kij"), contiguous="j"),
        Param("tile", "tile", "categorical", (16, 64, 1024)),
        Param("threads", "threads", "categorical", (1, 2, 4)),
    ))
    prior = evidence_prior([finding("hw.cache_locality")], snap(cores=2), space)
    # only what cannot work is removed: 4 threads on 2 cores
    assert prior.space.param("threads").values == (1, 2)
    assert prior.space.param("tile").values == (16, 64, 1024)  # the heuristic's miss stays
    assert prior.space.param("order").values == ("ijk", "ikj", "kij")
    prefs = {p.param: p for p in prior.preferences}
    assert prefs["order"].values == ("ikj", "kij") and "unit stride" in prefs["order"].reason
    assert 1024 not in prefs["tile"].values and "L2" in prefs["tile"].reason
    assert prefs["threads"].values == (2,) and "cores" in prefs["threads"].reason


def test_guided_search_reaches_an_optimum_the_heuristic_excludes() -> None:
    space = Space("mm", (
        Param("order", "loop_order", "categorical", ("ijk", "ikj"), contiguous="j"),
        Param("tile", "tile", "categorical", (16, 32, 64, 2048)),
    ))
    prior = evidence_prior([finding("hw.cache_locality")], snap(), space)
    assert 2048 not in prior.preferred("tile")
    g = GuidedProposer(prior, budget=20)
    # the truth: ikj is right, but the whole row (2048) is best by far
    truth = {("ijk", 16): 9.0, ("ijk", 32): 8.0, ("ijk", 64): 8.5, ("ijk", 2048): 7.0,
             ("ikj", 16): 4.0, ("ikj", 32): 3.5, ("ikj", 64): 3.8, ("ikj", 2048): 1.0}
    seen = []
    while (got := g.propose()) is not None:
        point, why = got
        seen.append((point["order"], point["tile"], why))
        g.observe(point, truth[(point["order"], point["tile"])])
    assert ("ikj", 2048) in {(o, t) for o, t, _ in seen}
    assert "outside the preferred values" in next(w for o, t, w in seen if t == 2048)
    # the evidence goes first: its top-ranked point, then the walk over its region (the other
    # preferred tiles in rank order, largest first)
    assert seen[0] == ("ikj", 64, "the evidence's first choice")
    assert [(o, t) for o, t, _ in seen[1:3]] == [("ikj", 32), ("ikj", 16)]
    assert all(w.startswith("neighbour of a region contender") for o, t, w in seen[1:3])
    assert len({(o, t) for o, t, _ in seen}) == len(seen)  # the first choice is not asked again


def test_first_choice_takes_each_parameters_top_ranked_preferred_value() -> None:
    space = Space("k", (
        Param("order", "loop_order", "categorical", ("ij", "ji"), contiguous="j"),
        Param("tile", "tile", "categorical", (2048, 16, 64, 256)),
        Param("unroll", "unroll", "categorical", (1, 4, 2)),
        Param("flags", "compiler_flags", "categorical",
              ("-O2", "-O3 -march=native -ffast-math", "-O3 -march=native", "-O3")),
        Param("threads", "threads", "categorical", (1, 2, 4)),
    ))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")],
                           snap(cores=2), space)
    # the largest tile that fits, the largest unroll, the most vectorizer flags without the
    # semantics-changing extra, the unit-stride order, all allowed cores (not the removed 4)
    assert prior.first == {"order": "ij", "tile": 256, "unroll": 4,
                           "flags": "-O3 -march=native", "threads": 2}
    assert prior.describe()["first_choice"] == prior.first
    # restarted with the first choice already measured: it is not proposed again
    g = GuidedProposer.from_history(prior, 20, [(dict(prior.first), 1.0)])
    got = g.propose()
    assert got is not None and got[0] != prior.first and got[1].startswith("neighbour")


def test_first_choice_pairs_a_wide_simd_width_with_the_isa_that_has_it() -> None:
    # a 512-bit width asked under x86-64-v3 builds 256-bit code: the flag set that reaches the
    # machine's whole ISA (-march=native, on an avx512f snapshot) ranks above a portable level
    space = Space("k", (
        Param("width", "simd_width", "categorical", (128, 256, 512)),
        Param("flags", "compiler_flags", "categorical",
              ("-O2", "-O3", "-O3 -march=x86-64-v3", "-O3 -march=native",
               "-O3 -march=native -ffast-math")),
    ))
    prior = evidence_prior([finding("hw.vectorization")], snap(isa=("avx2", "avx512f")), space)
    assert prior.first == {"width": 512, "flags": "-O3 -march=native"}
    assert ranked(space.param("flags"), space.param("flags").values)[:3] == [
        "-O3 -march=native", "-O3 -march=native -ffast-math", "-O3 -march=x86-64-v3"]


def _walk(prior: Any, truth: dict[tuple[int, int], float], tie: float) -> list[tuple[int, int]]:
    # the tie alone: a lease long enough that the hand-off rule does not end the walk first
    g = GuidedProposer(prior, budget=40, tie=tie, lease=99)
    seen = []
    while (got := g.propose()) is not None and got[1].startswith(("the evidence", "neighbour")):
        key = (got[0]["ti"], got[0]["tj"])
        seen.append(key)
        g.observe(got[0], truth[key])
    return seen


def test_region_walk_goes_on_from_a_near_tie_on_a_flat_top() -> None:
    space = Space("k", (Param("ti", "tile", "categorical", (16, 64, 256)),
                        Param("tj", "tile", "categorical", (16, 64, 256))))
    prior = evidence_prior([finding("hw.cache_locality")], snap(), space)
    assert prior.first == {"ti": 256, "tj": 256}
    # a ridge: (16, 256) is the first choice's best neighbour; (16, 64) is 0.2% worse (noise),
    # and only from it is the best (64, 64) one step away
    truth = {(256, 256): 1.19, (64, 256): 1.11, (16, 256): 1.062, (16, 64): 1.064,
             (16, 16): 1.33, (256, 64): 1.5, (64, 64): 1.0, (256, 16): 1.6, (64, 16): 1.4}
    strict = _walk(prior, truth, tie=0.0)
    assert (64, 64) not in strict  # a strict descent stops at (16, 256)
    walked = _walk(prior, truth, tie=0.02)
    assert (64, 64) in walked and len(walked) == len(set(walked))
    # it stops by itself once every contender's neighbours are measured
    assert len(walked) < len(truth)


@pytest.mark.parametrize("name,analysis,snapshot", [
    ("matmul_grid", "matmul_analysis", "matmul_snapshot"),
    ("rowsweep", "rowsweep_analysis", "tables_snapshot"),
    ("matmul_rows", "matmul_rows_analysis", "tables_snapshot"),
])
def test_guided_replay_never_misses_even_where_narrowing_does(name: str, analysis: str,
                                                              snapshot: str) -> None:
    from perfscout.model.serialize import from_jsonable
    from perfscout.tune.service import read_analysis

    if not (DATA / f"{name}.json").exists():
        pytest.skip(f"table {name} not recorded")
    table = load_table(DATA / f"{name}.json")
    a = read_analysis(DATA / f"{analysis}.json")
    s = from_jsonable(PlatformSnapshot, json.loads((DATA / f"{snapshot}.json").read_text()))
    prior = evidence_prior(a.findings, s, table.space)
    for seed in range(3):
        hit, best = run_once(table, table.space, "tpe", seed, 60, prior)
        assert hit is not None and best is not None and table.within(best)


def test_written_index_breaks_a_tied_vote_as_a_preference_only(tmp_path: Path) -> None:
    table = load_table(DATA / "transpose.json")
    order = table.space.param("order")
    assert order.contiguous == "" and order.written == "i"  # B[j*n+i] = A[i*n+j]: a tie
    prior = evidence_prior([finding("hw.cache_locality")], snap(), table.space)
    assert prior.preferred("order") == ("ji",) and "written" in next(
        p.reason for p in prior.preferences if p.param == "order")
    assert prior.space.param("order").values == ("ij", "ji")


def test_a_stale_trials_point_is_queued_again_and_an_anonymous_one_is_stale() -> None:
    import socket

    import optuna
    from optuna.trial import TrialState

    from perfscout.tune.optuna_bridge import ask_owned, recover_stale

    study = optuna.create_study()
    dist = {"x": optuna.distributions.CategoricalDistribution([1, 2, 3])}
    dead = study.ask(dist)  # a worker that died mid-evaluation: its pid is gone
    study._storage.set_trial_user_attr(dead._trial_id, "host", socket.gethostname())
    study._storage.set_trial_user_attr(dead._trial_id, "pid", 2 ** 22 + 12345)
    anon = study.ask()  # killed inside ask before it could say who it was
    # this process, alive: left alone (at another point: a live trial at the dead one's point
    # would cover it, and nothing would need queueing)
    other = next(x for x in (1, 2, 3) if x != dead.params["x"])
    mine = ask_owned(study, dist, {"x": other})
    assert recover_stale(study) == 2
    by = {t.number: t for t in study.trials}
    assert by[dead.number].state == TrialState.FAIL and by[dead.number].user_attrs["stale"]
    assert by[anon.number].state == TrialState.FAIL
    assert by[mine.number].state == TrialState.RUNNING
    waiting = [t for t in study.trials if t.state == TrialState.WAITING]
    assert [t.system_attrs["fixed_params"] for t in waiting] == [dict(dead.params)]
    again = ask_owned(study, dist)  # the queued point is asked next, owned by this process
    assert again.params == dead.params and again.user_attrs["pid"] > 0


@pytest.mark.parametrize("name,analysis,snapshot,right", [
    ("transpose", "transpose_analysis", "tables_snapshot", True),
    ("rowsweep", "rowsweep_analysis", "tables_snapshot", False),  # wrong on purpose
    ("matmul_rows", "matmul_rows_analysis", "tables_snapshot", False),
])
def test_the_evidence_is_right_when_its_region_holds_a_near_best_point(
        name: str, analysis: str, snapshot: str, right: bool) -> None:
    from perfscout.model.serialize import from_jsonable
    from perfscout.tune.service import read_analysis

    table = load_table(DATA / f"{name}.json")
    s = from_jsonable(PlatformSnapshot, json.loads((DATA / f"{snapshot}.json").read_text()))
    prior = evidence_prior(read_analysis(DATA / f"{analysis}.json").findings, s, table.space)
    assert region_holds_a_near_best(table, prior.region) is right
    # the whole space always holds the best
    assert region_holds_a_near_best(table, prior.space)


def test_region_walk_resumes_where_it_was_after_a_restart() -> None:
    space = Space("k", (Param("ti", "tile", "categorical", (16, 64, 256)),
                        Param("tj", "tile", "categorical", (16, 64, 256)),
                        Param("unroll", "unroll", "categorical", (1, 2, 4))))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           space)

    def value(p: dict[str, Any]) -> float:
        return abs(p["ti"] - 64) + abs(p["tj"] - 16) / 2 + p["unroll"] / 10 + 1.0

    g = GuidedProposer(prior, budget=40)
    done: list[tuple[dict[str, Any], float | None]] = []
    for _ in range(7):
        got = g.propose()
        assert got is not None
        done.append((got[0], value(got[0])))
        g.observe(*done[-1])
    # a new process rebuilt from the study's history proposes what the running one would
    again = GuidedProposer.from_history(prior, 40, done)
    nxt, resumed = g.propose(), again.propose()
    assert nxt is not None and resumed is not None
    assert resumed == nxt and resumed[1].startswith("neighbour")
    assert resumed[0] not in [p for p, _ in done]


def test_region_walk_searches_the_next_parameter_at_every_tied_point_first() -> None:
    """The walk is a cyclic line search run from every contender: once tj's line is measured,
    the tied (16, 64) point gets its unroll moves as early as the best (16, 256) does, instead
    of after every other move around the best (stencil2d's shape: the table's best was the
    tied point's unroll-4 neighbour)."""
    space = Space("k", (Param("ti", "tile", "categorical", (16, 64, 256)),
                        Param("tj", "tile", "categorical", (16, 64, 256)),
                        Param("unroll", "unroll", "categorical", (1, 2, 4, 8))))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           space)
    assert prior.first == {"ti": 256, "tj": 256, "unroll": 8}
    ridge = {(256, 256): 1.19, (64, 256): 1.11, (16, 256): 1.062, (16, 64): 1.064,
             (16, 16): 1.33, (256, 64): 1.5, (64, 64): 1.4, (256, 16): 1.6, (64, 16): 1.4}

    def value(p: dict[str, Any]) -> float:
        if (p["ti"], p["tj"], p["unroll"]) == (16, 64, 4):
            return 1.0
        return ridge[(p["ti"], p["tj"])] + (0.0 if p["unroll"] == 8 else 0.03)

    g = GuidedProposer(prior, budget=40, lease=99)  # the walk's order, not its hand-off
    seen = []
    while (got := g.propose()) is not None and got[1].startswith(("the evidence", "neighbour")):
        seen.append((got[0]["ti"], got[0]["tj"], got[0]["unroll"]))
        g.observe(got[0], value(got[0]))
    assert seen[:4] == [(256, 256, 8), (64, 256, 8), (16, 256, 8), (16, 64, 8)]
    best = seen.index((16, 64, 4))
    assert best <= 6  # unroll 4 at the best, then at the tied point
    assert all(p not in seen[:best] for p in [(16, 256, 2), (16, 256, 1)])
    assert len(seen) == len(set(seen))


def _conv1d_shape() -> tuple[Any, Any]:
    """A prior fixing two interacting parameters at the baseline (conv1d's shape): only a
    vectorization finding, so the loop order and the block are fixed for want of a finding,
    while the best needs both moved together."""
    space = Space("k", (
        Param("order", "loop_order", "categorical", ("ik", "ki")),
        Param("block", "tile", "categorical", (65536, 256, 1024, 4096)),
        Param("unroll", "unroll", "categorical", (1, 4, 8)),
        Param("flags", "compiler_flags", "categorical", ("-O2", "-O3", "-O3 -march=native")),
    ))
    prior = evidence_prior([finding("hw.vectorization")], snap(), space)
    assert prior.preferred("order") == ("ik",) and prior.preferred("block") == (65536,)

    def value(p: dict[str, Any]) -> float:
        flags = {"-O2": 2.0, "-O3": 1.5, "-O3 -march=native": 1.0}[p["flags"]]
        if p["order"] == "ki":  # streams only when blocked; whole extent: y streamed 32 times
            return flags * (1.0 if p["block"] <= 1024 else 3.0) + p["unroll"] / 1000
        return flags * 1.11 + (8 - p["unroll"]) / 1000  # unroll: ties within the noise
    return prior, value


def test_hand_off_when_the_evidence_stops_gaining() -> None:
    """The hand-off rule: the walk over the preferred region goes on only while its moves beat
    the best by more than the noise; ``lease`` moves in a row without a gain (one line-search
    cycle from a point: unroll's two other values and flags' one, 3) hand the search off to the
    parameters no finding spoke to, redrawn together. Without the rule the walk measures the
    whole region first and only one-parameter moves follow, which cannot reach the joint
    (ki, small block) optimum. The lease covers every free parameter's line once (blur3: a
    lease of one move per parameter ran out before the flags line was tried)."""
    prior, value = _conv1d_shape()
    g = GuidedProposer(prior, budget=100)
    assert g.lease_len == 3
    done: list[tuple[dict[str, Any], float | None]] = []
    whys = []
    resumed = None
    while len(done) < 40 and (got := g.propose()) is not None:
        if len(done) == 6:  # a guide rebuilt from the history here proposes the same
            again = GuidedProposer.from_history(prior, 100, done)
            assert again.phase == g.phase != "region"
            resumed = again.propose()
            assert resumed == got
        done.append((got[0], value(got[0])))
        whys.append(got[1])
        g.observe(*done[-1])
    assert resumed is not None
    region = [i for i, (p, _) in enumerate(done) if p["order"] == "ik" and p["block"] == 65536]
    # the first choice and three non-gaining walk moves (both free parameters' lines), then
    # the hand-off: the region's other two points are not measured before the rest
    assert region[:4] == [0, 1, 2, 3] and whys[0] == "the evidence's first choice"
    assert all(w.startswith("neighbour") for w in whys[1:4])
    assert {p["unroll"] for p, _ in done[1:4]} == {1, 4, 8}
    assert {p["flags"] for p, _ in done[1:4]} == {"-O3", "-O3 -march=native"}
    assert "hand-off" in whys[4] and done[4][0]["flags"] == "-O3 -march=native"
    assert done[4][0]["unroll"] == done[0][0]["unroll"]  # only silent parameters redrawn
    assert 5 not in region
    best = min(range(len(done)), key=lambda i: done[i][1] or 9.0)
    assert done[best][0]["order"] == "ki" and done[best][0]["block"] <= 1024


def test_a_finding_the_space_cannot_act_on_walks_the_silent_parameters_first() -> None:
    """A cache finding names loop orders and tiles; a space with neither (a gather whose page
    size and prefetch distance are role ``other``) cannot act on it through the region, so the
    walk tries the silent parameters' lines first, baseline first, then the evidence's own;
    the region and its preferences are unchanged (the silent ones stay at the baseline)."""
    space = Space("g", (
        Param("pages", "other", "categorical", (0, 1)),
        Param("pf", "other", "categorical", (0, 8, 32)),
        Param("unroll", "unroll", "categorical", (1, 2, 4)),
        Param("flags", "compiler_flags", "categorical", ("-O2", "-O3", "-O3 -march=native")),
    ))
    findings = [finding("hw.cache_locality"), finding("hw.vectorization")]
    prior = evidence_prior(findings, snap(), space)
    assert prior.unaddressed == ("hw.cache_locality",)
    assert prior.describe()["unaddressed"] == ["hw.cache_locality"]
    assert prior.preferred("pages") == (0,) and prior.preferred("pf") == (0,)

    def value(p: dict[str, Any]) -> float:  # huge pages halve the time, prefetch 32 helps
        return (2.0 - p["pages"]) * (0.8 if p["pf"] == 32 else 1.0) * (1 + p["unroll"] / 100)

    g = GuidedProposer(prior, budget=60)
    seen = []
    while len(seen) < 5 and (got := g.propose()) is not None:
        seen.append(got[0])
        g.observe(got[0], value(got[0]))
    assert seen[0] == {"pages": 0, "pf": 0, "unroll": 4, "flags": "-O3 -march=native"}
    assert seen[1] == {**seen[0], "pages": 1}  # the silent line, before any evidence line
    assert [p["pf"] for p in seen[2:4]] == [8, 32] and all(p["pages"] == 1 for p in seen[2:4])
    # resumed from its history, the guide walks on the same way
    again = GuidedProposer.from_history(prior, 60, [(p, value(p)) for p in seen])
    assert again.propose() == g.propose()

    # the same space with a finding it can act on: the silent parameters wait for the hand-off
    plain = evidence_prior([finding("hw.vectorization")], snap(), space)
    assert plain.unaddressed == ()
    h = GuidedProposer(plain, budget=60)
    first = h.propose()
    assert first is not None
    h.observe(first[0], value(first[0]))
    second = h.propose()
    assert second is not None and second[0]["pages"] == 0 and second[0]["pf"] == 0
