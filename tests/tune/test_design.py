"""The evidence's first design: candidates with reasons, extremes included, bounded, the full
space reachable after it, and the bound on a replayed table where the heuristic is wrong."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import statistics
from typing import Any

from conftest import REPO
from perfscout.model.findings import Finding, Status
from perfscout.model.serialize import from_jsonable
from perfscout.model.snapshot import CacheLevel, Compiler, CpuInfo, PlatformSnapshot
from perfscout.model.taxonomy import layer_of
from perfscout.tune.candidates import DESIGN_MAX
from perfscout.tune.design import DesignProposer, design_size, moves
from perfscout.tune.prior import Prior, evidence_prior
from perfscout.tune.replay import load_table, run_once, table_from_dict
from perfscout.tune.service import read_analysis
from perfscout.tune.space import Param, Space

DATA = REPO / "benches" / "data"


def snap() -> PlatformSnapshot:
    return PlatformSnapshot(
        cpu=CpuInfo(arch="x86_64", isa=("avx2",), sockets=1, cores_per_socket=2,
                    threads_per_core=1, online_cpus=2,
                    caches=(CacheLevel(1, "data", 48 * 1024),
                            CacheLevel(2, "unified", 2 * 1024 * 1024))),
        compilers=(Compiler("gcc", "gnu", "12.2.0"),))


def finding(fid: str) -> Finding:
    return Finding(fid, layer_of(fid), Status.HYPOTHESIS, 0.7, fid)


SPACE = Space("k", (
    Param("order", "loop_order", "categorical", ("ij", "ji"), contiguous="j"),
    Param("tile", "tile", "categorical", (2048, 8, 16, 32, 64, 128, 256)),
    Param("unroll", "unroll", "categorical", (1, 2, 4, 8)),
    Param("flags", "compiler_flags", "categorical", ("-O2", "-O3", "-O3 -march=native")),
    Param("form", "other", "categorical", ("a", "b", "c")),
))


def _run_design(prior: Prior, value: Any) -> list[tuple[dict[str, Any], str]]:
    g = DesignProposer(prior)
    out = []
    while (got := g.propose()) is not None:
        out.append(got)
        g.observe(got[0], value(got[0]))
        assert len(out) <= design_size(prior)  # never past its bound
    return out


def test_design_covers_each_parameters_candidates_and_extremes_with_reasons() -> None:
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           SPACE)
    cands = {n: [c.value for c in cs] for n, cs in prior.candidates.items()}
    # the L2 heuristic's tile first, then the L1 one, the baseline's (the whole row) and the
    # smallest: both extremes of the list, whichever the heuristic prefers
    assert cands["tile"][:2] == [256, 32] and {8, 2048} <= set(cands["tile"])
    assert {1, 8} <= set(cands["unroll"]) and "-O3 -march=native" in cands["flags"]
    # the baseline's flags (-O2: no full vectorizer, dropped by the evidence) are at most an
    # optional candidate, never a required one
    assert all(not c.required for c in prior.candidates["flags"] if c.value == "-O2")
    assert set(cands["order"]) == {"ij", "ji"} and {"a", "c"} <= set(cands["form"])
    reasons = prior.describe()["candidates"]
    assert all(c["reason"] for cs in reasons.values() for c in cs)
    assert "L1" in reasons["tile"][1]["reason"]
    assert any("extreme" in c["reason"] for c in reasons["tile"])

    design = _run_design(prior, lambda p: 1.0 + p["tile"] / 1e4 + p["unroll"] / 100)
    points = [p for p, _ in design]
    assert design[0][0] == prior.first and design[0][1] == "the evidence's first choice"
    for name, cs in prior.candidates.items():  # every required candidate measured, once
        assert {c.value for c in cs if c.required} <= {p[name] for p in points}, name
    assert len(points) == len({json.dumps(p, sort_keys=True) for p in points})
    assert len(points) <= design_size(prior) <= DESIGN_MAX
    assert all(w.startswith("first design") for _, w in design[1:])


def test_design_moves_at_the_incumbent_and_resumes_after_a_restart() -> None:
    prior = evidence_prior([finding("hw.vectorization")], snap(), SPACE)

    def value(p: dict[str, Any]) -> float:  # the silent form 'c' is best, unroll 1 too
        return (0.5 if p["form"] == "c" else 1.0) * (1 + p["unroll"] / 10)

    g = DesignProposer(prior)
    done: list[tuple[dict[str, Any], float | None]] = []
    for _ in range(4):
        got = g.propose()
        assert got is not None
        done.append((got[0], value(got[0])))
        g.observe(*done[-1])
    again = DesignProposer.from_history(prior, 0, done)
    assert again.propose() == g.propose()
    full = _run_design(prior, value)
    # a move that gained became the incumbent: later moves carry it (form 'c', unroll 1)
    best = min((p for p, _ in full), key=value)
    assert best["form"] == "c" and best["unroll"] == 1


def test_the_full_space_stays_reachable_after_the_design() -> None:
    # the best point uses values no candidate names (tile 64, unroll 2, form b): only the
    # sampler after the design can find it, and it does on every seed
    rows = []
    names = [p.name for p in SPACE.params]
    for vals in itertools.product(*(p.values for p in SPACE.params)):
        pt = dict(zip(names, vals, strict=True))
        t = 1.0 + abs(pt["tile"] - 64) / 64 + abs(pt["unroll"] - 2) / 4 \
            + (0 if pt["form"] == "b" else 0.5) + (0 if pt["flags"] == "-O3" else 0.3) \
            + (0 if pt["order"] == "ij" else 0.2)
        rows.append({**pt, "t": t})
    params = {p.name: {"role": p.role, "values": list(p.values)} for p in SPACE.params}
    params["order"]["contiguous"] = "j"
    table = table_from_dict({"objective": "t", "params": params, "rows": rows})
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           table.space)
    first = prior.first
    assert (first["tile"], first["unroll"], first["form"]) != (64, 2, "b")
    cands = {n: {c.value for c in cs} for n, cs in prior.candidates.items()}
    assert 64 not in cands["tile"] and 2 not in cands["unroll"] and "b" not in cands["form"]
    for seed in range(3):
        hit, best = run_once(table, table.space, "tpe", seed, 150, prior)
        assert hit is not None and best is not None and best == table.best()


def test_the_bound_on_a_table_where_the_heuristic_is_wrong_on_purpose() -> None:
    """rowsweep: the L2 tile is the heuristic's choice, the whole row wins. The guide reaches
    5% within full-space TPE's median + the design's size on the median seed, and in every
    seed within that seed's design plus what TPE took after it."""
    table = load_table(DATA / "rowsweep.json")
    s = from_jsonable(PlatformSnapshot,
                      json.loads((DATA / "tables_snapshot.json").read_text()))
    prior = evidence_prior(read_analysis(DATA / "rowsweep_analysis.json").findings, s,
                           table.space)
    best = min(table.rows, key=lambda k: table.rows[k])
    assert json.loads(best)["tile"] not in prior.preferred("tile")  # wrong on purpose
    k = design_size(prior)
    seeds = range(5)
    guided = [run_once(table, table.space, "tpe", sd, 100, prior)[0] for sd in seeds]
    tpe = [run_once(table, table.space, "tpe", sd, 100)[0] for sd in seeds]
    assert None not in guided and None not in tpe
    assert statistics.median(guided) <= statistics.median(tpe) + k  # type: ignore[type-var]


def test_silent_parameters_that_only_pay_together_are_moved_together() -> None:
    """Two parameters no finding spoke to (a loop order and its block: conv1d's shape) where
    either moved alone is worse and both moved together is the best: a one-at-a-time design
    cannot show it, the joint move of the silent parameters does, inside the design."""
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
        if p["order"] == "ki":  # streams only when blocked: whole extent 3x worse
            return flags * (1.0 if p["block"] <= 1024 else 3.0)
        return flags * (1.11 if p["block"] == 65536 else 1.2)

    design = _run_design(prior, value)
    joint = [(p, w) for p, w in design if "moved together" in w]
    assert len(joint) == 1 and joint[0][0]["order"] == "ki" and joint[0][0]["block"] == 256
    best = min((p for p, _ in design), key=value)
    assert value(best) == 1.0 and len(design) <= design_size(prior) <= DESIGN_MAX


def test_the_design_never_exceeds_the_samplers_start_up_draws() -> None:
    """However many candidates a space's parameters require (here eight parameters of four
    values, each with its first choice, baseline and extremes: 20 moves), the design
    measures at most DESIGN_MAX points, the random start-up draws of the TPE it hands over to:
    it replaces them, it never adds to them."""
    import optuna

    wide = Space("wide", tuple(Param(f"p{i}", "unroll" if i % 2 else "tile", "categorical",
                                     (4, 1, 16, 64)) for i in range(8)))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           wide)
    assert len(moves(prior)) > DESIGN_MAX  # the candidates alone would need more
    assert design_size(prior) <= DESIGN_MAX
    assert optuna.samplers.TPESampler()._n_startup_trials == DESIGN_MAX
    design = _run_design(prior, lambda p: 1.0 + sum(float(v) for v in p.values()) / 1e3)
    assert 1 < len(design) <= DESIGN_MAX


def test_a_preferred_side_the_measurements_contradict_loses_its_priority() -> None:
    """An ordered parameter's last design slots go where the measurements point, not where
    the evidence did: the first choice's preferred side (small tiles) measured worse than the
    other extreme, so the next tile bracketed is the middle of the gap above the best, and
    when the preferred side measures best it is bracketed there instead."""
    from perfscout.tune.candidates import bracket

    tiles = (480, 16, 24, 32, 48, 60, 80, 120, 160, 240)
    got = bracket(tiles, {120: 1.1, 32: 1.5, 16: 1.9, 480: 1.16})
    assert got is not None and got[0] == 240 and math.isclose(got[1], 2.0)  # 120..480
    got = bracket(tiles, {120: 1.1, 32: 1.0, 16: 1.9, 480: 1.16})
    assert got is not None and got[0] in (48, 60)
    got = bracket(tiles, {120: 1.1, 32: 1.0, 16: 1.9, 480: 1.16}, "maximize")
    assert got is not None and got[0] == 24
    assert bracket(tiles, dict.fromkeys(tiles, 1.0)) is None  # nothing left to bracket

    # a tile the evidence does not prefer and no candidate names (240: between the L2 pick
    # and the whole row) is the best: the design reaches it within its slots, from what
    # the candidates measured, on a table where the small tiles the evidence likes are slow
    space = Space("fw", (Param("tile", "tile", "categorical", tiles),
                         Param("unroll", "unroll", "categorical", (1, 2, 4, 8)),
                         Param("flags", "compiler_flags", "categorical",
                               ("-O2", "-O3 -march=native"))))
    small_l2 = dataclasses.replace(snap(), cpu=dataclasses.replace(
        snap().cpu, caches=(CacheLevel(1, "data", 48 * 1024),
                            CacheLevel(2, "unified", 512 * 1024))))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")],
                           small_l2, space)
    assert prior.first["tile"] == 120 and 240 not in prior.preferred("tile")
    assert 240 not in {c.value for c in prior.candidates["tile"]}

    def value(p: dict[str, Any]) -> float:
        return (1.0 + abs(math.log2(p["tile"] / 240)) / 2) * (1.0 if "native" in p["flags"]
                                                                else 2.5)

    design = _run_design(prior, value)
    assert len(design) <= DESIGN_MAX
    assert any(p["tile"] == 240 for p, _ in design)
    assert any("bracketing" in why for _, why in design)
