"""Catalog entries for the compilers' own loop-nest optimisers, proposed as flags.

GCC's Graphite (``-floop-nest-optimize``, built on ISL) and Clang's Polly (``-mllvm -polly``)
interchange, tile and fuse loop nests from a polyhedral model of the whole nest: a real loop
optimiser the user can try without touching the source. Each is offered only for the compiler
that builds the code; the experiment's build is the final check that the installed compiler
accepts the flag (a compiler without Graphite/Polly fails that build, which is reported).
"""

from __future__ import annotations

import re

from perfscout.advise.catalog.common import conf, gain_on_share, refs, scope_of, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.advise.preconditions import _res, precondition
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, PreconditionResult, Proposal, Risk
from perfscout.model.taxonomy import Layer

HW = Layer.HARDWARE
GRAPHITE = ("-floop-nest-optimize",)
POLLY = ("-mllvm", "-polly")
#: the first GCC release with -floop-nest-optimize (the ISL-based optimiser)
GRAPHITE_SINCE = (4, 8)


def _major_minor(version: str | None) -> tuple[int, int] | None:
    m = re.match(r"(\d+)(?:\.(\d+))?", version or "")
    return (int(m.group(1)), int(m.group(2) or 0)) if m else None


@precondition("gcc with graphite")
def _gcc_graphite(f: Facts, scope: str) -> PreconditionResult:
    c = f.compiler
    name = "gcc with graphite"
    if c is None:
        return _res(name, None, Text("pre.no_compiler"))
    if c.vendor != "gnu":
        return _res(name, False, Text("pre.not_gcc", name=c.name, vendor=c.vendor))
    v = _major_minor(c.version)
    if v is None:
        return _res(name, None, Text("pre.version_unknown", name=c.name))
    return _res(name, v >= GRAPHITE_SINCE, Text(
        "pre.graphite", name=c.name, version=c.version,
        since=f"{GRAPHITE_SINCE[0]}.{GRAPHITE_SINCE[1]}"))


@precondition("clang with polly")
def _clang_polly(f: Facts, scope: str) -> PreconditionResult:
    c = f.compiler
    name = "clang with polly"
    if c is None:
        return _res(name, None, Text("pre.no_compiler"))
    if c.vendor != "llvm" or not c.name.startswith("clang"):
        return _res(name, False, Text("pre.not_clang", name=c.name, vendor=c.vendor))
    return _res(name, None, Text("pre.polly_unknown",
                                 compiler=f"{c.name} {c.version or ''}".strip()))


def _build(facts: Facts, f: Finding, pid: str, flags: tuple[str, ...], what: str
           ) -> Proposal:
    c = facts.compiler
    assert c is not None
    scope = scope_of(f, facts)
    return Proposal(
        id=pid, addresses=(f.id,), layer=HW, kind="flags",
        title=f"Let {c.name}'s {what} restructure the loop nests ({' '.join(flags)})",
        change=Change(flags=flags, description=f"{what} models each loop nest polyhedrally and "
                      "interchanges/tiles it when its dependence analysis proves that legal; "
                      "no source change"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.0, 3.0, 0.5,
                                    Text("gain.what.loop_nest", tool=what)),
        risk=Risk("low", "the compiler keeps the program's semantics; it may leave the nest as "
                  "it is when the model fails (no gain) or grow compile time"),
        confidence=Confidence(conf(f, 0.35), "polyhedral optimisers help affine nests with poor "
                              "locality; they often do nothing on others"),
        invalid_when=("the hot loop is not an affine nest (indirect subscripts, calls)",
                      f"{c.name} was built without {what}"),
        rollback=f"remove {' '.join(flags)} from the build flags and rebuild", scope=scope,
    )


@proposal("loop_nest_optimize", addresses=("hw.cache_locality", "hw.memory_bandwidth",
                                            "hw.vectorization"),
          layer=HW, kind="flags", preconditions=("gcc with graphite", "share_of_time >= 5%"),
          group="loop_optimiser")
def loop_nest_optimize(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    if c is None or c.vendor != "gnu":
        return None
    return _build(facts, f, "loop_nest_optimize", GRAPHITE, "GCC Graphite")


@proposal("polly", addresses=("hw.cache_locality", "hw.memory_bandwidth", "hw.vectorization"),
          layer=HW, kind="flags", preconditions=("clang with polly", "share_of_time >= 5%"),
          group="loop_optimiser")
def polly(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    if c is None or c.vendor != "llvm" or not c.name.startswith("clang"):
        return None
    return _build(facts, f, "polly", POLLY, "Polly")
