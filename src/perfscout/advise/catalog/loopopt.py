"""Catalog entries for the compilers' own loop-nest optimisers, proposed as flags.

GCC's Graphite (``-floop-nest-optimize``, built on ISL) and Clang's Polly (``-mllvm -polly``)
interchange, tile and fuse loop nests from a polyhedral model of the whole nest: a real loop
optimiser the user can try without touching the source. ``-ffast-math`` is offered where a
floating-point reduction keeps the hot loop scalar (the compiler's remarks and the parsed
loop say so); it changes rounding, so it is measured only with a tolerance check. Each is
offered only for the compiler that builds the code; the experiment's build is the final
check that the installed compiler accepts the flag (a compiler without Graphite/Polly fails
that build, which is reported).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from perfscout.advise.catalog.common import (
    conf,
    gain_on_share,
    generated_at_hot_line,
    refs,
    scope_of,
    verify,
)
from perfscout.advise.catalog.hardware import arch_flag
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.advise.preconditions import outcome, precondition
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, PreconditionResult, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import loop_nest
from perfscout.transform.fpreduce import (
    FP_REMARK,
    fp_reductions,
    function_math_calls,
    math_calls,
)
from perfscout.transform.intpow import is_pow_symbol

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
        return outcome(name, None, Text("pre.no_compiler"))
    if c.vendor != "gnu":
        return outcome(name, False, Text("pre.not_gcc", name=c.name, vendor=c.vendor))
    v = _major_minor(c.version)
    if v is None:
        return outcome(name, None, Text("pre.version_unknown", name=c.name))
    return outcome(name, v >= GRAPHITE_SINCE, Text(
        "pre.graphite", name=c.name, version=c.version,
        since=f"{GRAPHITE_SINCE[0]}.{GRAPHITE_SINCE[1]}"))


@precondition("clang with polly")
def _clang_polly(f: Facts, scope: str) -> PreconditionResult:
    c = f.compiler
    name = "clang with polly"
    if c is None:
        return outcome(name, None, Text("pre.no_compiler"))
    if c.vendor != "llvm" or not c.name.startswith("clang"):
        return outcome(name, False, Text("pre.not_clang", name=c.name, vendor=c.vendor))
    return outcome(name, None, Text("pre.polly_unknown",
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


@proposal("loop_nest_optimize", layer=HW, kind="flags",
          preconditions=("gcc with graphite", "share_of_time >= 5%"),
          group="loop_optimiser")
def loop_nest_optimize(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    if c is None or c.vendor != "gnu":
        return None
    return _build(facts, f, "loop_nest_optimize", GRAPHITE, "GCC Graphite")


@proposal("polly", layer=HW, kind="flags",
          preconditions=("clang with polly", "share_of_time >= 5%"),
          group="loop_optimiser")
def polly(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    if c is None or c.vendor != "llvm" or not c.name.startswith("clang"):
        return None
    return _build(facts, f, "polly", POLLY, "Polly")


#: the flag that lets the compiler reassociate floating-point sums (and so vectorise them)
FAST_MATH = ("-ffast-math",)


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text(errors="replace")
    except OSError:
        return None


def fp_reduction_blocked(facts: Facts, scope: str) -> list[str]:
    """Evidence that floating-point semantics keep the hot loop from vectorising: a compiler
    remark saying so (Clang's "cannot prove it is safe to reorder floating-point
    operations", GCC's in-order reduction), or the hot loop of the line profile reducing into
    a ``float``/``double`` scalar or calling a math function such as ``exp`` (parsed source)
    where the compiler's remark on that loop says it was not vectorised. Empty when none of
    these is seen."""
    rems = facts.remarks(scope)
    said = [f"remark {r.file}:{r.line}: {r.message}" for r in rems if FP_REMARK.search(r.message)]
    if said:
        return said[:2]
    hot = facts.hot_line()
    path, _, line = (hot or "").rpartition(":")
    text = _read(path) if path and line.isdigit() else None
    if text is None:
        return []
    routine = function_math_calls(text, path, int(line))
    if routine is not None:
        return _called_in_loops(facts, path, routine)
    names = fp_reductions(text, path, int(line))
    heads = {ln for _v, ln in loop_nest(text, path, int(line))}
    missed = [r for r in facts.remarks() if Path(r.file).name == Path(path).name
              and r.line in heads]
    if not missed or any(r.vectorized for r in missed):
        return []
    if names:
        return [f"the hot loop at {Path(path).name}:{line} sums into {', '.join(names)} "
                "(floating point, kept in program order)",
                f"remark {missed[0].file}:{missed[0].line}: {missed[0].message}"]
    calls = math_calls(text, path, int(line))
    if calls:
        return [f"the hot loop at {Path(path).name}:{line} calls {', '.join(calls)}, which "
                "the compiler vectorises only through a vector math library (errno and exact "
                "rounding dropped)",
                f"remark {missed[0].file}:{missed[0].line}: {missed[0].message}"]
    return []


def _called_in_loops(facts: Facts, path: str, routine: tuple[str, list[str]]) -> list[str]:
    """The evidence for a per-element routine that calls math functions (the hot line in
    ``routine``, outside any loop): the project's loops that call it, directly or through the
    routines that call it, none of which a compiler remark calls vectorised. Each iteration
    calls the routine, so the loop vectorises only when the routine is inlined and its math
    calls have vector variants: -ffast-math (errno and exact rounding dropped) with -O3.
    Empty when no loop calls it."""
    from perfscout.advise.facts import project_root_of
    from perfscout.transform.caller import loop_callers

    fn, calls = routine
    root = project_root_of(Path(path))
    done = {(Path(r.file).name, r.line) for r in facts.remarks() if r.vectorized}

    def vectorised(rel: str, ln: int) -> bool:  # a remark on a loop around the call
        text = _read(str(root / rel))
        heads = {h for _v, h in loop_nest(text, rel, ln)} if text is not None else set()
        return any((Path(rel).name, h) in done for h in heads)

    sites = [s for s in loop_callers(root, fn) if not vectorised(s[0], s[1])]
    if not sites:
        return []
    rel, ln, callee = sites[0]
    via = "" if callee == fn.rpartition("::")[2] else f" (through {callee})"
    return [f"the hot routine {fn} ({Path(path).name}) calls {', '.join(calls)} and is called "
            f"in the loop at {Path(rel).name}:{ln}{via}, which the compiler vectorises only "
            "with the routines inlined and a vector math library (errno and exact rounding "
            "dropped)"]


def vector_stack(facts: Facts) -> tuple[str, ...]:
    """The flags that let the compiler vectorise the hot loop with reassociation: its
    vectoriser (-O3), this CPU's vector ISA (the arch flag, when known) and -ffast-math."""
    arch = arch_flag(facts)
    return ("-O3", *((arch,) if arch else ()), *FAST_MATH)


@proposal("fast_math", layer=HW, kind="flags",
          preconditions=("share_of_time >= 5%",), group="fp_reassociation")
def fast_math(facts: Facts, f: Finding) -> Proposal | None:
    c = facts.compiler
    scope = scope_of(f, facts)
    why = fp_reduction_blocked(facts, scope)
    if c is None or c.vendor not in ("gnu", "llvm") or not why:
        return None
    flags = vector_stack(facts)
    return Proposal(
        id="fast_math", addresses=(f.id,), layer=HW, kind="flags",
        title=f"Let {c.name} vectorise the hot loop with reassociation ({' '.join(flags)})",
        change=Change(flags=flags, description="the sum is added in the program's order (a "
                      "math call is made one element at a time), which keeps the loop "
                      "scalar; -ffast-math lets the compiler split the sum into vector partial "
                      "sums and call vector math, -O3 runs its vectoriser, the arch flag gives "
                      "it this CPU's vector width (results change in the last bits: measured "
                      "only with a tolerance check)"),
        evidence=refs(f, facts) + tuple(why), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 4.0, 0.4,
                                    Text("gain.what.vectorizing")),
        risk=Risk("medium", "rounding changes; NaN/Inf and signed-zero handling is dropped"),
        confidence=Confidence(conf(f, 0.45), "a floating-point reduction the compiler may not "
                              "reorder blocks vectorisation of the hot loop"),
        invalid_when=("the program relies on NaN/Inf or exact summation order",
                      "the correctness check compares bytes (refused at approval)"),
        rollback=f"remove {' '.join(flags)} from the build flags and rebuild", scope=scope,
    )


def periodic_math_table(facts: Facts) -> tuple[str, str] | None:
    """(hot ``path:line``, the generated change's note) when a hot loop of the line profile
    calls ``sin``/``cos`` of an integer phase that a table computed once can replace (the
    transform stage's ``hoist_math`` generator succeeds on that line); None otherwise."""
    return _generated_at_hot_line(facts, "hoist_math",
                                  lambda text, path, line: bool(math_calls(text, path, line)))


@proposal("hoist_math", layer=HW,
          kind="source", preconditions=("share_of_time >= 5%",))
def hoist_math(facts: Facts, f: Finding) -> Proposal | None:
    found = periodic_math_table(facts)
    if found is None:
        return None
    scope, note = found
    return Proposal(
        id="hoist_math", addresses=(f.id,), layer=HW, kind="source",
        title=f"Compute the hot loop's math calls once, not per iteration ({scope})",
        change=Change(description="the loop calls a math function at every iteration "
                      f"whose value a table or one call before the loop gives; {note}"),
        evidence=(*refs(f, facts), f"hot line {scope}: {note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 10.0, 0.6, Text("gain.what.hoist")),
        risk=Risk("low", "a table's values differ from the inline calls by rounding only"),
        confidence=Confidence(conf(f, 0.6), "the parsed loop calls a libm function of an "
                              "integer phase or of arguments it does not change"),
        invalid_when=("the output check compares bytes of printed floating-point values",),
        rollback="revert the patch commit", scope=scope,
    )


def pow_multiplied(facts: Facts) -> tuple[str, str, str] | None:
    """(hot ``path:line``, the generated change's note, the pow symbol) when libm's ``pow``
    is a hotspot of a profile and a hot loop of the line profile calls it with a small
    constant integer exponent (the transform stage's ``integer_pow`` generator succeeds on
    that line); None otherwise."""
    sym = next((h.name for h in facts.hotspots() if is_pow_symbol(h.name)), None)
    if sym is None:
        return None
    found = _generated_at_hot_line(facts, "integer_pow",
                                   lambda text, path, line: "pow" in text)
    return (*found, sym) if found else None


@proposal("integer_pow", layer=HW, kind="source", preconditions=("share_of_time >= 5%",))
def integer_pow(facts: Facts, f: Finding) -> Proposal | None:
    found = pow_multiplied(facts)
    if found is None:
        return None
    scope, note, sym = found
    return Proposal(
        id="integer_pow", addresses=(f.id,), layer=HW, kind="source",
        title=f"Multiply out pow() of constant integer exponents in the hot loop ({scope})",
        change=Change(description=f"{sym} is hot: the loop calls libm's pow with a constant "
                      f"integer exponent at every iteration; {note}"),
        evidence=(*refs(f, facts), f"hotspot {sym}", f"hot line {scope}: {note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 10.0, 0.6, Text("gain.what.hoist")),
        risk=Risk("low", "the products differ from libm's pow in the last bits: judged only "
                  "with a tolerance check of the output"),
        confidence=Confidence(conf(f, 0.6), "libm's pow is hot and the parsed loop calls it "
                              "with literal integer exponents"),
        invalid_when=("the output check compares bytes of printed floating-point values",),
        rollback="revert the patch commit", scope=scope,
    )


def _generated_at_hot_line(facts: Facts, pid: str,
                           worth: Callable[[str, str, int], bool] | None = None
                           ) -> tuple[str, str] | None:
    """(``path:line``, the note) where ``pid``'s generator succeeds on a hot line, without the
    project root (:func:`generated_at_hot_line`)."""
    found = generated_at_hot_line(facts, pid, worth, with_root=False)
    return (found[0], found[1].note) if found else None


@proposal("interior_path", layer=HW, kind="source",
          preconditions=("share_of_time >= 5%",))
def interior_path(facts: Facts, f: Finding) -> Proposal | None:
    """The hot loop reads its neighbours through a clamp (positions past the edge read the
    edge): an unclamped copy taken where every position is inside lets it vectorise."""
    got = generated_at_hot_line(facts, "interior_path")
    if got is None:
        return None
    scope, note = got[0], got[1].note
    arch = arch_flag(facts)
    return Proposal(
        id="interior_path", addresses=(f.id,), layer=HW, kind="source",
        title=f"Give the hot loop an unclamped path for the interior ({scope})",
        change=Change(flags=("-O3", *((arch,) if arch else ())), description=(
            "the clamp of each position keeps the loop scalar though it is the identity "
            "away from the edges; " + note)),
        evidence=(*refs(f, facts), f"hot line {scope}: {note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.5, 6.0, 0.5,
                                    Text("gain.what.interior_path")),
        risk=Risk("low", "the copy computes the same values in the same order where it is "
                  "taken; the clamped loop runs at the edges"),
        confidence=Confidence(conf(f, 0.5), "a clamp of an index linear in the loop variable, "
                              "checked at the loop's first and last iteration"),
        invalid_when=("the loop is memory-bound",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("restrict_rows", layer=HW, kind="source",
          preconditions=("share_of_time >= 5%",))
def restrict_rows(facts: Facts, f: Finding) -> Proposal | None:
    # with the project's headers: an accumulator loop's macros (lavaMD's DOT) live there
    got = generated_at_hot_line(facts, "restrict_rows")
    if got is None:
        return None
    scope, note = got[0], got[1].note
    arch = arch_flag(facts)
    flags = ("-O3", *((arch,) if arch else ()))
    held = "accumulator(s)" in note  # the several-statement form (transform.accumulate)
    return Proposal(
        id="restrict_rows", addresses=(f.id,), layer=HW, kind="source",
        title=(f"Let the compiler vectorise the hot loop: its accumulators held in locals "
               f"({scope})" if held else f"Let the compiler vectorise the hot loop: restrict "
               f"rows, invariant loads hoisted ({scope})"),
        change=Change(flags=flags, description=(
            "each store into memory may change what the loop reads next, so it stays scalar; "
            if held else "the inner loop may store into the rows and the element it reads, so "
            "it stays scalar; ") + note),
        evidence=(*refs(f, facts), f"hot line {scope}: {note}"),
        verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 4.0, 0.5,
                                    Text("gain.what.vectorizing")),
        risk=Risk("low", "assumes the arrays the loop reads do not overlap its accumulators "
                  "(what the compiler could not prove); the same additions in the same order"
                  if held else "the original loop still runs when the rows overlap (checked at "
                  "run time); values are the same"),
        confidence=Confidence(conf(f, 0.5), "aliasing between rows and an invariant element "
                              "are what the parsed loop shows against vectorising"),
        invalid_when=("the loop is memory-bound",),
        rollback="revert the patch commit", scope=scope,
    )
