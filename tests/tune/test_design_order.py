"""The order of the first design's moves: the evidence's strength decides what is measured
first — a baseline value the evidence dropped comes last, the parameters a finding spoke to
move before the silent ones (unless a finding addresses none of the space's parameters), and
the bracketing of the ordered parameters comes before the evidence's lower-ranked values —
while the design never exceeds the sampler's start-up draws and the full space stays
reachable."""

from __future__ import annotations

import itertools
from typing import Any

from tests.tune.test_design import _run_design, finding, snap

from perfscout.tune.candidates import DESIGN_MAX
from perfscout.tune.design import design_size, evidence_order, optional_moves
from perfscout.tune.prior import evidence_prior
from perfscout.tune.replay import run_once, table_from_dict
from perfscout.tune.space import Param, Space

FLAGS = ("-O2", "-O3", "-O3 -march=native", "-O3 -march=native -funroll-loops")

#: two silent parameters (an algorithm switch, a row block) and two a vectorization finding
#: speaks to (unroll, flags)
BLUR = Space("blur", (
    Param("algo", "other", "categorical", ("direct", "separable")),
    Param("rb", "tile", "categorical", (2048, 4, 16, 64, 256)),
    Param("unroll", "unroll", "categorical", (1, 4, 8)),
    Param("flags", "compiler_flags", "categorical", FLAGS),
))


def _moved(first: dict[str, Any], point: dict[str, Any]) -> set[str]:
    return {n for n in point if point[n] != first.get(n)}


def test_a_baseline_the_evidence_dropped_is_measured_after_the_values_it_prefers() -> None:
    """-O2 lacks the full vectorizer: the vectorization finding drops it, so it is only an
    optional candidate, measured (if at all) after the preferred flag sets and after the
    bracketing moves; where -O2 is in fact the best (the evidence wrong), the sampler after
    the design still reaches it on every seed."""
    prior = evidence_prior([finding("hw.vectorization")], snap(), BLUR)
    flags = {c.value: c for c in prior.candidates["flags"]}
    assert "-O2" not in prior.preferred("flags")
    assert "-O2" not in flags or (not flags["-O2"].required and "dropped" in flags["-O2"].reason)
    assert flags["-O3 -march=native -funroll-loops"].required

    design = _run_design(prior, lambda p: 1.0 + p["unroll"] / 100)
    order = [p["flags"] for p, _ in design]
    assert "-O3 -march=native -funroll-loops" in order
    if "-O2" in order:
        assert order.index("-O2") > order.index("-O3 -march=native -funroll-loops")
        assert order.index("-O2") > max(i for i, (_, w) in enumerate(design) if "bracket" in w)
    assert len(design) <= design_size(prior) <= DESIGN_MAX

    names = [p.name for p in BLUR.params]
    rows = []
    for vals in itertools.product(*(p.values for p in BLUR.params)):
        pt = dict(zip(names, vals, strict=True))
        rows.append({**pt, "t": (0.5 if pt["flags"] == "-O2" else 1.0) + pt["unroll"] / 100
                     + (0.3 if pt["algo"] == "separable" else 0.0)})
    table = table_from_dict({"objective": "t", "rows": rows, "params": {
        p.name: {"role": p.role, "values": list(p.values)} for p in BLUR.params}})
    prior = evidence_prior([finding("hw.vectorization")], snap(), table.space)
    for seed in range(3):
        hit, best = run_once(table, table.space, "tpe", seed, 100, prior)
        assert hit is not None and best == table.best()


def test_the_parameters_a_finding_spoke_to_move_before_the_silent_ones() -> None:
    """The design's first round moves unroll and flags (named by the vectorization finding)
    before the algorithm and the row block (no finding points at them): the best flag set,
    one of the evidence's own candidates, is measured on the 3rd point, not after every
    silent parameter's move."""
    prior = evidence_prior([finding("hw.vectorization")], snap(), BLUR)
    silent = {"algo", "rb"}
    assert set(prior.first) >= silent and all(prior.preferred(n) == (BLUR.param(n).values[0],)
                                              for n in silent)
    order = evidence_order(prior)
    assert order.index("unroll") < order.index("algo") and order.index("flags") < order.index("rb")

    def value(p: dict[str, Any]) -> float:
        return 1.0 if p["flags"].endswith("-funroll-loops") else 1.1

    design = _run_design(prior, value)
    moved = [_moved(prior.first, p) for p, _ in design[1:]]
    assert moved[0] <= {"unroll", "flags"} and moved[1] <= {"unroll", "flags"}
    assert value(design[2][0]) == 1.0
    assert any(m & silent for m in moved)  # the silent ones are still moved inside the design


def test_with_a_finding_no_parameter_addresses_the_silent_parameters_move_first() -> None:
    """A cache finding on a space without tiles or loop orders names no parameter of it: its
    cause can only be tuned through the parameters no finding spoke to (huge pages, a
    prefetch distance), so the design moves those first."""
    space = Space("gather", (
        Param("unroll", "unroll", "categorical", (1, 4, 8)),
        Param("flags", "compiler_flags", "categorical", FLAGS),
        Param("hugepages", "other", "categorical", (0, 1)),
        Param("prefetch", "other", "categorical", (0, 8, 32, 128)),
    ))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           space)
    assert prior.unaddressed == ("hw.cache_locality",)
    assert evidence_order(prior)[:2] == ["hugepages", "prefetch"]
    design = _run_design(prior, lambda p: 1.0 / (1 + p["hugepages"]))
    assert _moved(prior.first, design[1][0]) == {"hugepages"}
    assert design[1][0]["hugepages"] == 1


def test_bracketing_comes_before_the_evidences_lower_ranked_values() -> None:
    """An unordered parameter's lower-ranked preferred values and a dropped baseline are
    optional: the ordered parameters' bracketing moves (chosen by the measurements) come
    first, so a tile between the evidence's pick and the whole matrix is measured inside the
    design before them."""
    tiles = (480, 16, 24, 32, 48, 60, 80, 120, 160, 240)
    space = Space("fw", (Param("tile", "tile", "categorical", tiles),
                         Param("unroll", "unroll", "categorical", (1, 2, 4, 8)),
                         Param("flags", "compiler_flags", "categorical",
                               ("-O2", "-O3", "-O3 -march=native", "-Ofast -march=native"))))
    prior = evidence_prior([finding("hw.cache_locality"), finding("hw.vectorization")], snap(),
                           space)
    assert optional_moves(prior)  # the design has lower-ranked values it may try

    def value(p: dict[str, Any]) -> float:
        return 1.0 + abs(tiles.index(p["tile"]) - 9) / 10 + (0 if "native" in p["flags"] else 1)

    design = _run_design(prior, value)
    whys = [w for _, w in design]
    bracketing = [i for i, w in enumerate(whys) if "bracketing" in w]
    optional = [i for i, w in enumerate(whys)
                if "another value the evidence prefers" in w or "dropped" in w]
    assert bracketing and all(i > max(bracketing) for i in optional)
    assert len(design) <= design_size(prior) <= DESIGN_MAX
