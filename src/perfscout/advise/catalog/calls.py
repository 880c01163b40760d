"""Catalog entries for three generated changes around calls and parallel regions, offered only
where the transform stage generates them on the user's code:

- ``const_ref``: the allocator and the copy routines hold the run (a container passed by
  value is copied per call) and a function called in the hot code takes such a parameter by
  value and only reads it: ``const T&`` in its declarations and definition.
- ``template_callable``: calls through ``std::function`` (its type-erased invoker and the
  callable it reaches) hold the run and a function of the hot code takes the callable as a
  ``std::function`` parameter it only calls: a template parameter lets the call inline.
- ``omp_outer_loop``: the OpenMP runtime's fork/join and barrier code holds the run and an
  ``omp parallel for`` sits on an inner loop of an independent serial loop: the directive
  moves out, one thread team instead of one per outer iteration.
"""

from __future__ import annotations

from perfscout.advise.catalog.common import amdahl, conf, refs, source_hot_lines, verify
from perfscout.advise.catalog.generated import first_generated
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.diagnose.copies import copy_share
from perfscout.diagnose.libwork import family_shares
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

#: the allocation + copy share below which passing by reference is not proposed
MIN_COPY_SHARE = 0.10
#: the runtime's fork/join + barrier share below which moving a directive is not proposed
MIN_FORK_JOIN_SHARE = 0.15


def _copy_basis(facts: Facts) -> float | None:
    shares = copy_share(facts.profiles)
    return shares.share if shares is not None else None


@proposal("const_ref", layer=Layer.APPLICATION, kind="source", basis=_copy_basis)
def const_ref(facts: Facts, f: Finding) -> Proposal | None:
    """The allocator and the copy routines hold ``MIN_COPY_SHARE`` or more of a profile and
    a function called in the hot code takes a container (or a struct holding one) by value
    and only reads it: passing it as ``const T&`` removes the allocation and the copy at
    every call. The expected gain is on the measured copy + allocation share."""
    shares = copy_share(facts.profiles)
    if shares is None or shares.share < MIN_COPY_SHARE:
        return None
    found = first_generated(facts, f, "const_ref")
    if found is None:
        return None
    scope, got = found
    low, high = amdahl(shares.share, 2.0, 20.0)
    return Proposal(
        id="const_ref", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Pass the copied values by const reference ({scope})",
        change=Change(description=f"allocating and copying takes {shares.share:.0%} of the "
                      f"run; {got.note}"),
        evidence=(*refs(f, facts), f"copies {shares.copy:.0%} and the allocator "
                  f"{shares.alloc:.0%} of the profile", f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{shares.share:.0%}", scope=Text("gain.copy_code"),
            what=Text("gain.what.no_copy"), low="2", high="20")),
        risk=Risk("low", "the function only reads the parameter and no call hands it an object "
                  "the function writes (checked in the sources); the compiler refuses any "
                  "write through the const reference"),
        confidence=Confidence(conf(f, 0.6), "a read-only parameter copied per call, the copy "
                              "code hot"),
        invalid_when=("the function keeps a pointer or reference to the parameter beyond "
                      "the call through a path the sources do not show",),
        rollback="revert the patch commit", scope=scope,
    )


def _invoker_share(facts: Facts) -> float | None:
    """The largest share a profile puts in calls through ``std::function`` (the invokers and
    the callables they reach)."""
    shares = [fs.share for p in facts.profiles
              if (fs := family_shares(p).get("indirect calls")) is not None]
    return max(shares, default=None)


#: the loop share above which no gain is promised (the rest of the run is never measured)
MAX_LOOP_SHARE = 0.95


def _invoker_basis(facts: Facts) -> float | None:
    """The gain's basis: the invokers' share plus the share of the program's function that
    makes the calls (the finding's scope): once the callable inlines, that loop is compiled
    anew (kept in registers, vectorised), not only the call removed. A function row counting
    its callees already (an inclusive listing) is taken alone."""
    calls = _invoker_share(facts)
    if calls is None:
        return None
    caller = max((s for f in facts.findings if f.id == "app.redundant_work" and f.scope
                  and (s := facts.share_of(f.scope)) is not None), default=0.0)
    loop = calls + caller if calls + caller <= 1.0 else caller
    return min(max(loop, calls), MAX_LOOP_SHARE)


#: the share of calls through std::function below which templating the callable is not proposed
MIN_INVOKER_SHARE = 0.10


@proposal("template_callable", layer=Layer.APPLICATION, kind="source", basis=_invoker_basis)
def template_callable(facts: Facts, f: Finding) -> Proposal | None:
    """Calls through ``std::function`` hold ``MIN_INVOKER_SHARE`` or more of a profile and a
    function of the hot code takes its callable as a ``std::function`` it only calls: a
    template parameter (``const F&``) lets every caller's lambda or functor inline into the
    loop. Of the hot lines tried, the one whose change templates the most functions is kept
    (a line of ``main`` reaches every kernel it calls). The gain is on the invokers' share
    with the calling loop's own (:func:`_invoker_basis`)."""
    share, loop = _invoker_share(facts), _invoker_basis(facts)
    if share is None or loop is None or share < MIN_INVOKER_SHARE:
        return None
    found = first_generated(facts, f, "template_callable",
                            rank=lambda g: g.note.count(" becomes a template"))
    if found is None:
        return None
    scope, got = found
    low, high = amdahl(loop, 1.5, 6.0)
    return Proposal(
        id="template_callable", addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Pass the callable as a template parameter so the call inlines ({scope})",
        change=Change(description=f"calls through std::function take {share:.0%} of the run; "
                      f"{got.note}"),
        evidence=(*refs(f, facts), f"std::function invokers and their callables {share:.0%} "
                  "of the profile", f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{loop:.0%}", scope=Text("gain.invoker_code"),
            what=Text("gain.what.inlined_call"), low="1.5", high="6")),
        risk=Risk("low", "the parameter is only called, never stored, tested or passed on, "
                  "and every caller sees the template's body (checked in the sources); the "
                  "build fails, not the run, if a callable is not const-callable"),
        confidence=Confidence(conf(f, 0.6), "an indirect call per element through "
                              "std::function, its invoker hot"),
        invalid_when=("the function is called from code outside the project (a library's "
                      "users would need the template in its header)",),
        rollback="revert the patch commit", scope=scope,
    )


def _fork_join_basis(facts: Facts) -> float | None:
    """The runtime's fork/join and barrier share a finding measured: the gain's basis."""
    return facts.evidence_value("omp.fork_join_share")


@proposal("omp_outer_loop", layer=Layer.RUNTIME, kind="source", basis=_fork_join_basis)
def omp_outer_loop(facts: Facts, f: Finding) -> Proposal | None:
    """The OpenMP runtime's fork/join and barrier code holds the run and the hot code has an
    ``omp parallel for`` on an inner loop of a serial loop that carries no dependence: the
    directive goes on that loop (one thread team, one barrier per call instead of per
    outer iteration). Offered where the generator moves it, on the profile's hot lines."""
    share = next((e.value for e in f.evidence if e.metric == "omp.fork_join_share"
                  and e.value is not None), None)
    if share is None or share < MIN_FORK_JOIN_SHARE:
        return None
    found = first_generated(facts, f, "omp_outer_loop")
    if found is None:
        return None
    scope, got = found
    low, high = amdahl(share, 2.0, 10.0)
    return Proposal(
        id="omp_outer_loop", addresses=(f.id,), layer=Layer.RUNTIME, kind="source",
        title=f"Move the parallel loop out to the independent outer loop ({scope})",
        change=Change(flags=got.flags, description="the threads are started, joined and "
                      f"synchronised once per outer iteration; {got.note}"),
        evidence=(*refs(f, facts), f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{share:.0%}", scope=Text("gain.fork_join_code"),
            what=Text("gain.what.one_team"), low="2", high="10")),
        risk=Risk("low", "the outer loop carries no dependence (array subscripts and scalars "
                  "analysed); floating-point reductions change order (checked with a "
                  "tolerance)"),
        confidence=Confidence(conf(f, 0.6), "a parallel region per outer iteration, the "
                              "runtime's code hot"),
        invalid_when=("the outer loop has fewer iterations than threads",),
        rollback="revert the patch commit", scope=scope,
    )


__all__ = ["const_ref", "omp_outer_loop", "source_hot_lines", "template_callable"]
