"""A variant whose output nothing compares is never a win, and a separate check run that
disagrees makes the variant invalid even when its timed runs agree."""

from __future__ import annotations

from perfscout.experiment.runner import check_spec, judge
from perfscout.experiment.spec import Check, ExperimentSpec, Variant
from perfscout.experiment.stats import INVALID, UNCHECKED, WIN
from perfscout.experiment.validity import Sample


def _spec(check: Check) -> ExperimentSpec:
    return ExperimentSpec("u", Variant("baseline", defines={"N": "9"}), (Variant("fast"),),
                          source="p.c", direction="lower", metric="time_s", check=check,
                          alpha=0.05, margin=0.03)


def _samples(name: str, value: float, checksum: str = "-") -> list[Sample]:
    return [Sample(name, r, False, True, value=value * (1 + 0.001 * r), checksum=checksum,
                   n=9) for r in range(9)]


def test_a_faster_variant_without_a_check_is_unchecked_not_a_win() -> None:
    runs = _samples("baseline", 2.0) + _samples("fast", 1.0)
    res = judge(_spec(Check(kind="none")), "x", runs, 9)
    assert res.outcome("fast").verdict == UNCHECKED
    assert any("no correctness check" in r for r in res.outcome("fast").reasons)
    assert res.outcome("fast").ratio is not None and res.outcome("fast").ratio > 1.9
    checked = judge(_spec(Check(kind="checksum")), "x", runs, 9)  # the same numbers, checked
    assert checked.outcome("fast").verdict == WIN


def test_the_separate_check_run_decides_correctness() -> None:
    spec = _spec(Check(kind="tolerance", regex="([0-9.]+)", source="stderr",
                       defines={"DUMP": ""}, args=("-v",)))
    runs = _samples("baseline", 2.0) + _samples("fast", 1.0)
    agree = {"baseline": Sample("baseline", 0, False, True, checksum="ref1"),
             "fast": Sample("fast", 0, False, True, checksum="ref1")}
    assert judge(spec, "x", runs, 9, checks=agree).outcome("fast").verdict == WIN
    differ = {**agree, "fast": Sample("fast", 0, False, True, checksum="own2")}
    out = judge(spec, "x", runs, 9, checks=differ).outcome("fast")
    assert out.verdict == INVALID and any("output differs" in r for r in out.reasons)
    failed = {**agree, "fast": Sample("fast", 0, False, False, error="exit 1")}
    out = judge(spec, "x", runs, 9, checks=failed).outcome("fast")
    assert out.verdict == INVALID and any("check run failed" in r for r in out.reasons)
    # the check build: every variant with the check's defines (the baseline's kept) and args
    cs = check_spec(spec)
    assert cs.baseline.defines == {"N": "9", "DUMP": ""} and cs.variants[0].defines == {
        "DUMP": ""}
    assert cs.args == ("-v",) and not cs.check.separate and spec.check.separate


def test_a_user_spec_variant_env_goes_through_the_proposal_allowlist() -> None:
    """LD_PRELOAD in a variant changes what runs: refused like a proposal setting it; OpenMP
    placement is allowed; the baseline's env (the program's own) is kept."""
    import pytest

    from perfscout.experiment.spec import spec_from_dict
    from perfscout.model.errors import InputError

    base = {"source": "p.c", "baseline": {"env": {"MY_INPUT": "a.dat"}}}
    ok = spec_from_dict({**base, "variants": [{"name": "b", "env": {"OMP_PROC_BIND": "close"}}]})
    assert ok.variants[0].env == {"OMP_PROC_BIND": "close"}
    assert ok.baseline.env == {"MY_INPUT": "a.dat"}
    with pytest.raises(InputError, match="LD_PRELOAD may not be set by a variant"):
        spec_from_dict({**base, "variants": [{"name": "x", "env": {"LD_PRELOAD": "/x.so"}}]})


def test_a_metric_that_reads_zero_makes_the_variant_invalid_not_a_crash() -> None:
    """A measure regex that caught a header's 'T0' read 0 in every run: the ratio to 0 was a
    ZeroDivisionError inside approve; the variant is now invalid with that reason, and a
    variant whose own runs read 0 is too."""
    runs = [Sample("baseline", r, False, True, value=0.0, checksum="-", n=9) for r in range(9)]
    out = judge(_spec(Check(kind="checksum")), "x", runs + _samples("fast", 1.0), 9
                ).outcome("fast")
    assert out.verdict == INVALID and out.ratio is None
    assert any("read 0" in r and "baseline" in r for r in out.reasons), out.reasons
    fast0 = [Sample("fast", r, False, True, value=0.0, checksum="-", n=9) for r in range(9)]
    out = judge(_spec(Check(kind="checksum")), "x", _samples("baseline", 2.0) + fast0, 9
                ).outcome("fast")
    assert out.verdict == INVALID and any("read 0" in r and "fast" in r for r in out.reasons)
