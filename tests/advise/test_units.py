"""parse (tolerant), rank (groups, unknown preconditions, kb_stats), the do-not list and the
catalog registry, each on its own."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.advise.conftest import finding, good_proposal

from perfscout.advise import advise, check_proposals, parse_proposals
from perfscout.advise.catalog import CATALOG, get_entry, proposal
from perfscout.advise.donot import do_not_list
from perfscout.advise.facts import Facts
from perfscout.advise.rank import adjust_confidence, first_round, rank, score
from perfscout.model.errors import InputError
from perfscout.model.metrics import Hotspot, Profile
from perfscout.model.proposals import Confidence, ExpectedGain, PreconditionResult, Risk
from perfscout.model.taxonomy import Layer


def test_parse_tolerates_shorthands_and_missing_fields() -> None:
    (p,) = parse_proposals('[{"id": "llm.x", "risk": "low", "confidence": "0.4", '
                           '"expected_gain": [1.1, 1.3], "invalid_when": "never", '
                           '"verification": "perf stat -r 3 -- ./kernel --n 10"}]', origin="llm")
    assert p.risk == Risk("low") and p.confidence == Confidence(0.4)
    assert p.expected_gain == ExpectedGain(1.1, 1.3, "")
    assert p.invalid_when == ("never",) and p.origin == "llm"
    assert p.verification is not None
    assert p.verification.commands == (("perf", "stat", "-r", "3", "--", "./kernel", "--n", "10"),)
    (q,) = parse_proposals({"proposals": [{"title": "no id"}]})
    assert q.id == "user.proposal_1" and q.verification is None and q.change is None
    env = {"perfscout": 1, "data": {"proposals": [good_proposal()]}}
    assert [x.id for x in parse_proposals(env)] == ["user.o3"]
    argvs = parse_proposals([good_proposal(verification={"commands": [
        "perf stat -- ./kernel", ["./kernel", "--n", "5"]], "metric": "m", "direction": "lower"})])
    assert argvs[0].verification is not None
    assert argvs[0].verification.commands == (("perf", "stat", "--", "./kernel"),
                                              ("./kernel", "--n", "5"))


@pytest.mark.parametrize("bad", ["{nope", "42", '["a string"]'])
def test_parse_refuses_what_is_not_a_proposal(bad: str) -> None:
    with pytest.raises(InputError):
        parse_proposals(bad)


def test_missing_basis_and_inverted_gain_are_rejected(policy) -> None:  # type: ignore[no-untyped-def]
    props = [good_proposal(id="a", expected_gain=[1.1, 1.3]),
             good_proposal(id="b", expected_gain={"low": 2, "high": 1.5, "basis": "x"}),
             good_proposal(id="c", addresses=["hw.nonsense"])]
    ok, rej = check_proposals(props, None, [], [], policy_check=policy)
    assert not ok
    why = {r.id: r.reason for r in rej}
    assert "expected_gain.basis" in why["a"] and "low is above" in why["b"]
    assert "unknown finding ids" in why["c"]


def test_amdahl_guard_refuses_3x_from_10_percent(policy) -> None:  # type: ignore[no-untyped-def]
    prof = Profile("t", "p", hotspots=(Hotspot("small", self_share=0.10),))
    p = good_proposal(id="llm.magic", scope="small",
                      expected_gain={"low": 2.0, "high": 3.0, "basis": "vibes"})
    ok, rej = check_proposals([p], None, [], [prof], policy_check=policy)
    assert not ok and rej[0].guard == "amdahl" and "1.11x" in rej[0].reason


def test_policy_guard_uses_the_real_policy(policy) -> None:  # type: ignore[no-untyped-def]
    p = good_proposal(verification={"commands": [["bash", "-c", "rm -rf /"]],
                                    "metric": "time.elapsed", "direction": "lower"})
    ok, rej = check_proposals([p], None, [], [], policy_check=policy)
    assert not ok and rej[0].guard == "policy" and "denied" in rej[0].reason


def _p(pid: str, lo: float, hi: float, c: float, risk: str = "low"):  # type: ignore[no-untyped-def]
    return replace(parse_proposals([good_proposal(id=pid)])[0],
                   expected_gain=ExpectedGain(lo, hi, "b"), confidence=Confidence(c),
                   risk=Risk(risk))


def test_rank_orders_by_gain_confidence_risk_and_groups_first_round() -> None:
    a, b, c = _p("a", 1.5, 2.0, 0.6), _p("b", 1.5, 2.0, 0.6, "high"), _p("c", 1.1, 1.2, 0.9)
    assert score(a) > score(b) and score(a) > score(c)
    groups = {"a": "flags", "b": "flags", "c": "env"}
    assert [p.id for p in rank([c, b, a], groups)] == ["a", "c", "b"]
    assert [p.id for p in first_round([c, b, a], groups)] == ["a", "c"]


def test_unknown_preconditions_and_kb_stats_move_confidence() -> None:
    p = _p("a", 1.2, 1.5, 0.6)
    unknown = replace(p, preconditions=(PreconditionResult("x", "unknown"),
                                        PreconditionResult("y", "pass")))
    assert adjust_confidence(unknown).confidence.value < 0.6  # type: ignore[union-attr]
    assert adjust_confidence(p).confidence.value == 0.6  # type: ignore[union-attr]
    good = adjust_confidence(p, {"a": {"success_rate": 0.95, "median_actual_over_expected": 1.1}})
    bad = adjust_confidence(p, {"a": {"success_rate": 0.1, "median_actual_over_expected": 0.5}})
    assert bad.confidence.value < 0.6 < good.confidence.value  # type: ignore[union-attr]
    assert "knowledge base" in bad.confidence.rationale  # type: ignore[union-attr]


def test_kb_stats_reorder_advise(platforms, policy) -> None:  # type: ignore[no-untyped-def]
    f = finding("hw.numa_remote", ("numa.remote_ratio", 0.5))
    epyc = platforms["dual-epyc"]
    base = advise([f], epyc, [], policy_check=policy)
    top = base.proposals[0].id
    demoted = advise([f], epyc, [], policy_check=policy,
                     kb_stats={top: {"success_rate": 0.0, "median_actual_over_expected": 0.5}})
    assert demoted.proposals[0].id != top
    assert {p.id for p in demoted.proposals} == {p.id for p in base.proposals}


def test_do_not_list() -> None:
    prof = Profile("t", "p", hotspots=(Hotspot("main_loop", self_share=0.8),
                                        Hotspot("helper", self_share=0.02)))
    f = finding("hw.memory_bandwidth", ("mem.bandwidth", 95.0), ("bench.bandwidth", 100.0),
                ("mpi.time_share", 0.02))
    topics = {d.topic: d.reason for d in do_not_list(Facts.build([f], None, [prof]))}
    assert "optimise helper" in topics and "optimise main_loop" not in topics
    assert "1.020x" in topics["optimise helper"]
    assert any(t.startswith("vectorisation") and "95%" in r for t, r in topics.items())
    assert any(t.startswith("MPI tuning") and "2.0%" in r for t, r in topics.items())
    for rule in ("apply several changes at once", "claim a gain without a measurement",
                 "compare runs across different inputs, node types or environments"):
        assert rule in topics


def test_registry_refuses_duplicates_and_names_valid_ids() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        proposal("bind_threads", layer=Layer.RUNTIME, kind="env")(lambda facts, f: None)
    with pytest.raises(KeyError, match=r"valid: .*bind_threads"):
        get_entry("bind_thread")
    with pytest.raises(ValueError, match="no finding kind"):  # kinds.py does not name it
        proposal("new_one", layer=Layer.HARDWARE, kind="env")
    assert "new_one" not in CATALOG


def test_use_blas_only_for_a_named_matrix_product() -> None:
    from perfscout.sandbox import default_runner

    def case(cmd: str) -> tuple[list[str], dict[str, str]]:
        prof = Profile("perf-report", "r.txt", hotspots=(Hotspot("main", self_share=0.98),),
                       meta={"command": cmd})
        f = finding("hw.cache_locality", scope="main")
        adv = advise([f], None, [prof], policy_check=default_runner().check)
        return [p.id for p in adv.proposals], {r.id: r.reason for r in adv.rejected}

    offered, _ = case("./matmul 512")
    assert "use_blas" in offered
    offered, rejected = case("./stream 512")
    assert "use_blas" not in offered
    assert "dense matrix kernel" in rejected["use_blas"]
    assert Facts.build([], None, [Profile("x", "x", meta={"command": "./stream"})]
                       ).dense_kernel() is False
    assert Facts.build([], None, [Profile("x", "x", meta={"command": "./dgemm_ref"})]
                       ).dense_kernel() is True
    assert Facts().dense_kernel() is None
