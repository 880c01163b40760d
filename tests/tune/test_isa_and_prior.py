"""One flag-legality table for advise and tune; the evidence as a prior over the full space."""

from __future__ import annotations

import json
from pathlib import Path

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
from perfscout.tune.design import DesignProposer
from perfscout.tune.prior import evidence_prior, hard_limits, ranked
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
    g = DesignProposer(prior)
    # the truth: ikj is right, but the whole row (2048) is best by far
    truth = {("ijk", 16): 9.0, ("ijk", 32): 8.0, ("ijk", 64): 8.5, ("ijk", 2048): 7.0,
             ("ikj", 16): 4.0, ("ikj", 32): 3.5, ("ikj", 64): 3.8, ("ikj", 2048): 1.0}
    seen = []
    while (got := g.propose()) is not None:
        point, why = got
        seen.append((point["order"], point["tile"], why))
        g.observe(point, truth[(point["order"], point["tile"])])
    # the evidence goes first, then the design: the whole row is one of the tile's extremes
    assert seen[0] == ("ikj", 64, "the evidence's first choice")
    assert ("ikj", 2048) in {(o, t) for o, t, _ in seen}
    assert "extreme" in next(w for o, t, w in seen if t == 2048)
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
    g = DesignProposer.from_history(prior, 20, [(dict(prior.first), 1.0)])
    got = g.propose()
    assert got is not None and got[0] != prior.first and got[1].startswith("first design")


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
