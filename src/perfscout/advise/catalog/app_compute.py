"""Catalog entries for application compute the program need not do (diag14): a status return
instead of an exception on the hot path, one random engine per thread instead of one per
item, a local reduction before a one-value collective. Each is offered only for a finding
whose evidence measured its quantity (the metric names of :mod:`perfscout.diagnose.rules.
app_compute`), and each is checked by the run's own time (``perf stat``)."""

from __future__ import annotations

from perfscout.advise.catalog.common import amdahl, conf, refs, verify
from perfscout.advise.catalog.generated import first_generated
from perfscout.advise.catalog.registry import Basis, proposal
from perfscout.advise.facts import Facts
from perfscout.diagnose.rules.app_compute import REDUCE_BYTES, RNG_SETUP, UNWIND
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer

APP = Layer.APPLICATION


def measured(f: Finding, metric: str) -> float | None:
    """The value of ``metric`` in the finding's own evidence (None when it did not measure it)."""
    return next((e.value for e in f.evidence if e.metric == metric and e.value is not None),
                None)


def gain_on(share: float, low: float, high: float, scope: str, what: Text) -> ExpectedGain:
    """Amdahl on a share the finding measured: the part gets ``low``-``high`` times faster."""
    lo, hi = amdahl(min(share, 0.99), low, high)
    return ExpectedGain(lo, hi, Text("gain.share_measured", share=f"{share:.0%}",
                                     scope=scope or Text("gain.the_run"), what=what,
                                     low=f"{low:g}", high=f"{high:g}"))


def _basis(metric: str) -> Basis:
    """The entry's gain basis: ``metric`` as a finding measured it."""
    return lambda facts: facts.evidence_value(metric)


@proposal("error_code_path", layer=APP, kind="source", basis=_basis(UNWIND))
def error_code_path(facts: Facts, f: Finding) -> Proposal | None:
    """Exceptions thrown and caught on the hot path: test for the case before it throws
    (``find``/bounds check), or return a status, and keep throwing for real errors. Where
    the transform stage rewrites a ``try { m.at(k) } catch (std::out_of_range)`` on the hot
    line the finding names (or a hot line of the profile), the proposal is scoped to that
    line and carries the generator's note, so a session attaches the diff and verifies it;
    elsewhere it stays advice on the finding's scope."""
    share = measured(f, UNWIND)
    if share is None:
        return None
    found = first_generated(facts, f, "error_code_path")
    scope, note = (found[0], found[1].note) if found is not None else (f.scope, "")
    return Proposal(
        id="error_code_path", addresses=(f.id,), layer=APP, kind="source",
        title="Test for the expected miss instead of throwing and catching an exception"
              + (f" ({scope})" if found is not None else ""),
        change=Change(description="where a lookup's miss is an ordinary outcome, check first "
                      "(find() != end(), an index bound) or return a status/std::optional; "
                      "catch blocks that turn the exception into a default value become an "
                      "if" + (f"; {note}" if note else "")),
        evidence=(*refs(f, facts), *((f"{scope}: {note}",) if note else ())),
        verification=verify(facts),
        expected_gain=gain_on(share, 5.0, 50.0, "exception handling",
                              Text("gain.what.no_throw")),
        risk=Risk("low", "the same values when every caught case becomes the tested branch; "
                         "compare the output with the baseline"),
        confidence=Confidence(conf(f, 0.6), f"{share:.0%} of the run in unwinding"),
        invalid_when=("the exceptions come from a library whose interface only throws",),
        rollback="revert the patch commit", scope=scope,
    )


@proposal("reuse_rng_engine", layer=APP, kind="source", basis=_basis(RNG_SETUP))
def reuse_rng_engine(facts: Facts, f: Finding) -> Proposal | None:
    """A random engine seeded per item: seed one engine per thread once, and give items
    independent streams by jump-ahead/discard or a counter-based generator."""
    share = measured(f, RNG_SETUP)
    if share is None:
        return None
    return Proposal(
        id="reuse_rng_engine", addresses=(f.id,), layer=APP, kind="source",
        title="Seed one random engine per thread, not one per item",
        change=Change(description="construct and seed the engine once per thread outside the "
                      "item loop; when each item needs a reproducible stream of its own, use "
                      "a counter-based generator (Philox) or jump-ahead/discard instead of "
                      "re-seeding a Mersenne Twister (312-624 words of state per seeding)"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on(share, 2.0, 20.0, "the engine's state setup",
                              Text("gain.what.one_engine")),
        risk=Risk("medium", "the random streams change: results agree statistically, not "
                            "bit for bit; per-item reproducibility needs a counter-based "
                            "generator"),
        confidence=Confidence(conf(f, 0.6), f"{share:.0%} of the run rebuilding engine state"),
        invalid_when=("each item must reproduce a stream seeded from its own index and no "
                      "counter-based generator is available",),
        rollback="revert the patch commit", scope=f.scope,
    )


@proposal("reduce_then_allreduce", layer=APP, kind="source",
          basis=_basis("mpi.time_share"))
def reduce_then_allreduce(facts: Facts, f: Finding) -> Proposal | None:
    """A whole array reduced across ranks for one value: reduce the local part to that value,
    then reduce one scalar across ranks."""
    nbytes = measured(f, REDUCE_BYTES)
    share = measured(f, "mpi.time_share")
    if nbytes is None or share is None:
        return None
    return Proposal(
        id="reduce_then_allreduce", addresses=(f.id,), layer=APP, kind="source",
        title="Reduce locally to the one value needed, then MPI_Allreduce that scalar",
        change=Change(description=f"each call reduces {nbytes / 2**20:.1f} MiB element-wise; "
                      "when only its maximum/sum is used, compute the local max/sum first and "
                      "pass count 1 to MPI_Allreduce"),
        evidence=refs(f, facts), verification=verify(facts),
        expected_gain=gain_on(share, 10.0, 1000.0, "the reduction",
                              Text("gain.what.scalar_reduce")),
        risk=Risk("low", "the same value when only the reduced array's extreme or total is "
                         "used; check the printed result"),
        confidence=Confidence(conf(f, 0.5), f"{share:.0%} of the run in the reduction"),
        invalid_when=("the program uses every element of the reduced array",),
        rollback="revert the patch commit", scope=f.scope,
    )
