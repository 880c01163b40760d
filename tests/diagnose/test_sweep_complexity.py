"""Growth order from a program's printed size sweep (tests/ingest/data/sweep_shapes/make.sh):
union-find on a chain without path compression (CPU time x4 per doubling: quadratic) against
the same program with path compression (linear), whose wall times at load ~10 jump 0.075 ->
3.16 ms at the last size (a wall-time fit gives size^2.3: the CPU time decides)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from perfscout.diagnose.engine import diagnose
from perfscout.ingest.derive import derive
from perfscout.ingest.registry import load

D = Path(__file__).parent.parent / "ingest" / "data" / "sweep_shapes"


def _ids(name: str) -> list[str]:
    return [f.id for f in diagnose([derive(load(D / name))], None).findings]


@pytest.mark.parametrize("name", ["chain-pipe.txt", "chain-spaced.txt", "chain-kv.txt",
                                  "chain-runs.txt", "chain-cpuonly.txt", "chain-ratio.txt"])
def test_quadratic_sweep_in_any_printed_shape_is_complexity(name: str) -> None:
    d = diagnose([derive(load(D / name))], None)
    f = d.findings[0]
    assert f.id == "alg.complexity"
    # by hand (chain-pipe): CPU 0.013313 s at 4000 -> 0.847672 s at 32000: log(63.67)/log(8)
    quote = str(f.evidence[0])
    assert "CPU time ~ size^" in quote
    k = float(quote.split("size^")[1].split()[0])
    assert 1.9 <= k <= 2.1
    if name == "chain-pipe.txt":
        assert abs(math.log(0.847672 / 0.013313) / math.log(8) - 2.0) < 0.01


@pytest.mark.parametrize("name", ["compress-pipe.txt", "compress-spaced.txt",
                                  "compress-kv.txt", "compress-runs.txt", "compress-cpuonly.txt",
                                  "compress-ratio.txt"])
def test_linear_sweep_stays_silent_even_when_wall_time_jumps(name: str) -> None:
    assert "alg.complexity" not in _ids(name)


def test_wall_time_alone_of_the_linear_lookalike_would_have_looked_quadratic() -> None:
    # the reason CPU time decides: the printed wall column of compress-pipe fits size^2.3
    p = load(D / "compress-pipe.txt")
    pts = [(m.scope.name, m.value) for m in p.metrics if m.name == "time.elapsed"]
    sizes = [m.value for m in p.metrics if m.name == "scaling.size"]
    xs = [math.log(s) for s in sizes]
    ys = [math.log(v) for _, v in pts]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs)
    assert k > 1.5


def test_two_gprof_runs_alone_show_the_cost_per_call_growing() -> None:
    # find: 12,000 calls 0.12 s self -> 36,000 calls 1.12 s: log(1.12/0.12)/log(3) = 2.03
    ps = [derive(load(D / n)) for n in ("gprof-chain-12000.txt", "gprof-chain-36000.txt")]
    f = diagnose(ps, None).findings[0]
    assert f.id == "alg.complexity" and f.limits
    assert abs(f.evidence[0].value - math.log(1.12 / 0.12) / math.log(3)) < 1e-6


def test_two_gprof_runs_of_the_linear_lookalike_stay_silent() -> None:
    # find: 12,000,000 calls 0.06 s -> 36,000,000 calls 0.16 s: calls^0.89
    ps = [derive(load(D / n)) for n in ("gprof-compress-12000000.txt",
                                        "gprof-compress-36000000.txt")]
    assert "alg.complexity" not in [f.id for f in diagnose(ps, None).findings]
    one = diagnose([derive(load(D / "gprof-chain-36000.txt"))], None).findings
    assert "alg.complexity" not in [f.id for f in one]  # one run: no growth to see
