"""Catalog entries for the application layer: I/O buffering and precision."""

from __future__ import annotations

from perfscout.advise.catalog.app_compute import gain_on
from perfscout.advise.catalog.common import conf, gain_on_share, refs, scope_of, verify
from perfscout.advise.catalog.invariant import hoisted_call
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.diagnose.rules.app_compute import REDUCE_BYTES, RNG_SETUP, UNWIND, WIDENED
from perfscout.diagnose.rules.checking_build import FLAGS as CHECKING_FLAGS
from perfscout.diagnose.rules.checking_build import SHARE as CHECKING_SHARE
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated

APP = Layer.APPLICATION
#: redundant work that is not a repeated call to hoist (app_compute's entries address it)
NOT_A_CALL = frozenset({UNWIND, RNG_SETUP, REDUCE_BYTES, CHECKING_FLAGS, CHECKING_SHARE})


#: the quantities an I/O finding measures its share of the run with
IO_SHARES = ("io.run_share", "hotspot.share")


def _io_share(f: Finding) -> float | None:
    if f.id not in ("sys.io", "app.io_hotspot"):
        return None
    return max((e.value for e in f.evidence if e.metric in IO_SHARES and e.value is not None),
               default=None)


def _io_basis(facts: Facts) -> float | None:
    return max((s for f in facts.findings if (s := _io_share(f)) is not None), default=None)


@proposal("io_buffering", layer=APP, kind="source",
          preconditions=("share_of_time >= 5%",), basis=_io_basis)
def io_buffering(facts: Facts, f: Finding) -> Proposal | None:
    """Small reads or writes per value: read in large blocks, or, where the sources show a
    loop flushing its output per line (``std::endl``, ``fflush``, Fortran ``flush``), write
    in blocks: the change is then generated there (:mod:`perfscout.transform.flushes`) and the
    proposal scoped to that line."""
    from perfscout.advise.catalog.generated import first_generated

    found = first_generated(facts, f, "io_buffering")
    if found is not None:
        scope, got = found
        title = f"Write in blocks: no flush per line in the loop at {scope}"
        what = f"the output loop flushes its stream at every line; {got.note}"
    else:
        scope = scope_of(f, facts)
        title = f"Read input in large blocks in {scope or 'the I/O routine'}"
        what = ("replace per-value fscanf/getline by one fread of the whole file (or setvbuf "
                "with a 1 MiB buffer) and parse from memory")
    return Proposal(
        id="io_buffering", addresses=(f.id,), layer=APP, kind="source",
        title=title,
        change=Change(description=what),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on(share, 1.5, 5.0, scope, Text("gain.what.buffered"))
        if (share := _io_share(f)) is not None else
        gain_on_share(facts, scope, 1.5, 5.0, 0.2, Text("gain.what.buffered")),
        risk=Risk("low", "same parsed values; check with the baseline output"),
        confidence=Confidence(conf(f, 0.55), "I/O functions in the hotspots"),
        invalid_when=("the time is in the file system (network FS latency), not in parsing",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("reduce_precision", layer=APP,
          kind="source", preconditions=("share_of_time >= 5%",))
def reduce_precision(facts: Facts, f: Finding) -> Proposal | None:
    """Change the numeric type the finding measured: a software-emulated type
    (``_Decimal64``, ``__float128``) or x87 long double to a hardware type, float literals in
    a float kernel widened to double, or float storage for a bandwidth-bound double code.

    For an emulated or x87 type the ``reduce_precision`` generator
    (:mod:`perfscout.transform.precision`) is tried at the hot lines: where it changes the
    routine's accumulators to double the proposal is scoped to that line (so the session
    attaches the diff and verifies it); where it refuses, the described change stays."""
    typed = _type_change(f, f.scope)
    if typed is not None:
        title, what, gain_what, low, high, risk = typed
        share = next((e.value for e in f.evidence if e.metric == "precision.softfloat_share"
                      and e.value is not None), None)
        gain = gain_on(share, low, high, "", Text(gain_what)) if share is not None else \
            gain_on_share(facts, f.scope, low, high, 0.5, Text(gain_what))
        scope, evidence = f.scope, refs(f, facts)
        found = _generated_type(facts, f) if gain_what == "gain.what.hardware_type" else None
        if found is not None:
            scope, got = found
            title = f"Compute the hot routine in double instead of the emulated type ({scope})"
            what = f"{what}; {got.note}"
            evidence = (*evidence, f"{scope}: {got.note}")
            risk = Risk("high", "results change: accumulated in double instead of the wide "
                                "type (relative error near 1e-16 per term); verify with the "
                                "program's own check and a tolerance, never byte equality")
        return Proposal(
            id="reduce_precision", addresses=(f.id,), layer=APP, kind="source",
            title=title, change=Change(description=what),
            evidence=evidence, verification=verify(facts),
            expected_gain=gain,
            risk=risk,
            confidence=Confidence(conf(f, 0.55), "the data type measured in the hot code"),
            invalid_when=("results must be bit-identical",),
            rollback="revert the patch commit", scope=scope,
        )
    scope = scope_of(f, facts)
    return Proposal(
        id="reduce_precision", addresses=(f.id,), layer=APP, kind="source",
        title=f"Store the bulk arrays of {scope or 'the kernel'} in float",
        change=Change(description="keep accumulators in double, store the streamed arrays in "
                      "float: half the bytes per element"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 1.2, 2.0, 0.5, Text("gain.what.half_bytes")),
        risk=Risk("high", "changes results; needs a numerical tolerance agreed with the owner"),
        confidence=Confidence(conf(f, 0.3), "bandwidth-bound; accuracy impact unknown"),
        invalid_when=("results must be bit-identical", "the algorithm is ill-conditioned"),
        rollback="revert the patch commit", scope=scope,
    )


def _generated_type(facts: Facts, f: Finding) -> tuple[str, Generated] | None:
    """(``path:line``, the change) where the ``reduce_precision`` generator rewrites the hot
    routine's emulated type; None when it refuses at every hot line."""
    from perfscout.advise.catalog.generated import first_generated

    return first_generated(facts, f, "reduce_precision")


def _type_change(f: Finding, scope: str
                 ) -> tuple[str, str, str, float, float, Risk] | None:
    """(title, change, gain wording, local low/high speedup, risk) for a finding that measured
    a slow numeric type in the hot code, else None (the bandwidth case)."""
    metrics = {e.metric for e in f.evidence}
    where = scope or "the kernel"
    if WIDENED in metrics:
        return (f"Write the constants of {where} as float literals (0.7f)",
                "float data is widened to double and narrowed back per element: write the "
                "literals as float (0.7f) and call the float maths (sinf, expf), or build the "
                "file with -fsingle-precision-constant; the loop then runs in float, with no "
                "conversions and twice the elements per vector",
                "gain.what.no_conversions", 1.05, 2.0,
                Risk("medium", "float rounding of the constants changes the last bits; "
                               "compare the output with the baseline within a tolerance"))
    if metrics & {"precision.softfloat_share", "insn.softfloat_calls"}:
        decimal = "_Decimal" in f.title
        if decimal:
            change = ("compute in scaled integers (int64 cents, rounded where the decimal code "
                      "rounds) or in double, converting to decimal only for input and output")
        else:
            change = ("compute in double (or long double) and keep the emulated type only "
                      "where its precision is needed")
        return (f"Compute {where} in a hardware numeric type instead of an emulated one",
                change, "gain.what.hardware_type", 3.0, 10.0,
                Risk("high", "decimal or quad rounding rules differ from binary double: agree "
                             "on a tolerance or use scaled integers for exact money"))
    if "insn.x87_share" in metrics:
        return (f"Compute {where} in double instead of 80-bit long double",
                "replace long double by double in the hot loop (the x87 unit has no vector "
                "form); keep long double only for an accumulation that needs it",
                "gain.what.hardware_type", 1.5, 8.0,
                Risk("high", "fewer significant bits; needs a tolerance agreed with the owner"))
    return None


@proposal("hoist_invariant", layer=APP, kind="source",
          preconditions=("share_of_time >= 5%",))
def hoist_invariant(facts: Facts, f: Finding) -> Proposal | None:
    """A call whose value does not change between iterations computed once before the
    loop. When the project's sources can be read, the ``hoist_invariant`` generator is tried
    at the hot lines and at the loop calls of the hot function (:func:`hoisted_call`): the
    proposal is then scoped to that call with the generated change's note. Without such a
    change it stays a described change for ``app.redundant_work`` and is not offered for
    ``alg.complexity`` (a pure callee called per element is one cause of a superlinear run
    among many) nor for the compute kinds ``hw.vectorization``/``hw.compute_bound`` (a hot
    routine the profile cannot tell from a hot loop: the generated change, a pure call with
    unchanged arguments inside the loop, is what shows the work is repeated)."""
    if any(e.metric in NOT_A_CALL for e in f.evidence):
        return None  # exceptions, engine seeding, a bulk reduction: their own entries
    found = hoisted_call(facts, f)
    if found is not None:
        return _generated_hoist(facts, f, *found)
    if f.id != "app.redundant_work":
        return None
    scope = scope_of(f, facts)
    return Proposal(
        id="hoist_invariant", addresses=(f.id,), layer=APP, kind="source",
        title=f"Compute {scope or 'the repeated call'} once, outside the loop that repeats it",
        change=Change(description="the value does not change between iterations (a loop "
                      "condition calling strlen, a lookup redone per element): compute it once "
                      "before the loop and reuse it"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on_share(facts, scope, 2.0, 50.0, 0.3, Text("gain.what.hoist")),
        risk=Risk("low", "same result when the value is truly invariant; check the output"),
        confidence=Confidence(conf(f, 0.55), "one cheap routine holds a large share"),
        invalid_when=("the loop body changes what the call reads",),
        rollback="revert the patch commit", scope=scope,
    )


def _generated_hoist(facts: Facts, f: Finding, scope: str, got: Generated) -> Proposal:
    """The ``hoist_invariant`` proposal for a change the generator wrote at ``scope``."""
    hot = scope_of(f, facts)
    return Proposal(
        id="hoist_invariant", addresses=(f.id,), layer=APP, kind="source",
        title=f"Compute the loop-invariant call once, before the loop ({scope})",
        change=Change(description="a pure function of values the loop does not change is "
                      f"called at every iteration; {got.note}"),
        evidence=(*refs(f, facts), f"{scope}: {got.note}"), verification=verify(facts),
        expected_gain=gain_on_share(facts, hot, 2.0, 50.0, 0.3, Text("gain.what.hoist")),
        risk=Risk("low", "the function's definition was proved pure and its arguments and "
                  "object unchanged in the loop; the output is compared with the baseline"),
        confidence=Confidence(conf(f, 0.65), "a pure call with invariant arguments, proved "
                              "from the parsed sources"),
        invalid_when=("the function reads memory the loop changes through an alias the "
                      "sources do not show",),
        rollback="revert the patch commit", scope=scope,
    )
