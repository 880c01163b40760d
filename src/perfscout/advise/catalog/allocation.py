"""Catalog entries for memory allocated over and over: a work buffer allocated and freed at
every call (``hoist_allocation``), and an array grown by one element per append
(``geometric_growth``).

Offered only where the diagnosis points at allocation cost: a profile puts
``MIN_ALLOC_SHARE`` or more of the run in the allocator (:mod:`perfscout.diagnose.libwork`'s
allocation family: malloc/free, operator new/delete, ``_int_malloc``...) together with the
kernel's page-fault path (a fresh large block faulted in at every call), and the transform
stage's generator keeps a buffer between calls at a hot line, at the line the finding's call
data names, or in a project function such a line calls (:func:`perfscout.transform.scratch.
callee_lines`). No generated change, no proposal.

``geometric_growth`` is offered where a profile puts its share in block copies into fresh
memory (:func:`perfscout.diagnose.copies.fresh_copy_share`, the ``app.redundant_work`` rule's
quantity) and the generator rewrites an append (``a = [a, x]``, ``realloc(p, (n + 1) * ...)``)
at a hot line of the line profile to doubling capacity.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import amdahl, conf, generated_at_hot_line, refs, verify
from perfscout.advise.catalog.generated import generated_near
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.diagnose.copies import AppendGrowth, append_growth, fresh_copy_share
from perfscout.diagnose.libwork import family_of
from perfscout.diagnose.rules.common import hotspot_shares
from perfscout.diagnose.rules.system import FAULT_PATH
from perfscout.diagnose.thresholds import DEFAULTS
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate
from perfscout.transform.growth import WHAT as GROWTH
from perfscout.transform.scratch import WHAT, callee_lines

#: the allocator + page-fault share of a profile below which the change is not proposed
MIN_ALLOC_SHARE = 0.05


def allocation_share(facts: Facts) -> float | None:
    """The largest share of one profile in the allocator and the kernel's page-fault path:
    what keeping the buffers can remove; None below ``MIN_ALLOC_SHARE``."""
    best = 0.0
    for p in facts.profiles:
        share = sum(s for h, s in hotspot_shares(p) if h.kind != "line" and (
            family_of(h) == "allocation" or h.name.split("+")[0].strip() in FAULT_PATH))
        best = max(best, share)
    return best if best >= MIN_ALLOC_SHARE else None


def kept_buffers(facts: Facts, f: Finding) -> tuple[str, Generated] | None:
    """(``path:line``, the change) at the first hot line, or function a hot line calls, where
    the generator keeps a work buffer between calls; None when it does so nowhere."""
    return generated_near(facts, f, WHAT, callee_lines)


def _on_alloc_code(facts: Facts, f: Finding, pid: str, share: float,
                   found: tuple[str, Generated], title: str, doing: str, measured: str,
                   gain: tuple[float, float, str], risk: str, why: str,
                   invalid_when: tuple[str, ...]) -> Proposal:
    """The proposal of a generated change that removes allocation work holding ``share`` of
    the run (``doing``: that work, ``measured``: what the share counts; ``gain``: the local
    speedup range on that part and the message key of what does it). One shape for both
    entries here."""
    scope, got = found
    low, high = amdahl(share, gain[0], gain[1])
    return Proposal(
        id=pid, addresses=(f.id,), layer=Layer.APPLICATION if pid == WHAT else Layer.ALGORITHM,
        kind="source", title=f"{title} ({scope})",
        change=Change(description=f"{doing} takes {share:.0%} of the run; {got.note}"),
        evidence=(*refs(f, facts), f"{measured}: {share:.0%} of the profile",
                  f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured", share=f"{share:.0%}", scope=Text("gain.alloc_code"),
            what=Text(gain[2]), low=f"{gain[0]:g}", high=f"{gain[1]:g}")),
        risk=Risk("low", risk), confidence=Confidence(conf(f, 0.6), why),
        invalid_when=invalid_when, rollback="revert the patch commit", scope=scope,
    )


@proposal(WHAT, layer=Layer.APPLICATION, kind="source", basis=allocation_share)
def hoist_allocation(facts: Facts, f: Finding) -> Proposal | None:
    """The allocator (and the page faults of fresh blocks) hold a share of the run and a
    function of the hot code allocates a work buffer and frees it before returning: the
    buffer kept between calls, grown on demand, removes the allocation per call."""
    share = allocation_share(facts)
    found = kept_buffers(facts, f) if share is not None else None
    if share is None or found is None:
        return None
    return _on_alloc_code(
        facts, f, WHAT, share, found,
        "Keep the work buffer between calls instead of allocating it per call",
        "allocating and freeing", "the allocator and page faults",
        (2.0, 20.0, "gain.what.kept_buffer"),
        "the buffer does not leave the call (not returned, stored, reallocated or moved; "
        "checked in the sources) and the function does not call itself; one buffer per "
        "thread when it is called in an OpenMP construct; the largest buffer stays allocated "
        "until exit", "a buffer allocated and freed per call, the allocator hot",
        ("a callee keeps the buffer's address beyond the call through a path the sources do "
         "not show", "the function is called from threads the sources do not show (not "
         "OpenMP)"))


def growth_copy_share(facts: Facts) -> float | None:
    """The largest share of one sampling profile in block copies into fresh memory (copies,
    the allocator, fresh-page faults), or in those plus the own time of the hot line or
    routine holding an append (the compiler's inline copy: :func:`append_growth`): what
    growing by doubling removes; None below ``MIN_ALLOC_SHARE``."""
    got, app = fresh_copy_share(list(facts.profiles)), _append(facts)
    share = max(got.share if got is not None else 0.0, app.share if app is not None else 0.0)
    return min(share, 1.0) if share >= MIN_ALLOC_SHARE else None


def _append(facts: Facts) -> AppendGrowth | None:
    """The append on the profile's hot line or routine (:func:`append_growth`, a line or
    routine counted hot from ``app.redundant_share``)."""
    return append_growth(list(facts.profiles), DEFAULTS["app.redundant_share"].value)


def _append_change(facts: Facts) -> tuple[str, Generated] | None:
    """(``path:line``, the change) of the append on the hot line or routine."""
    app = _append(facts)
    if app is None:
        return None
    path, _, line = app.where.rpartition(":")
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return None
    root = project_root_of(Path(path))
    rel = Path(path).relative_to(root).as_posix() if Path(path).is_relative_to(root) else path
    got = generate(GROWTH, text, rel, int(line), root=root)
    return (app.where, got) if isinstance(got, Generated) else None


@proposal(GROWTH, layer=Layer.ALGORITHM, kind="source", basis=growth_copy_share)
def geometric_growth(facts: Facts, f: Finding) -> Proposal | None:
    """Block copies into fresh memory hold a share of the run and a hot line appends to an
    array one element at a time (the whole array copied per append: O(n^2) for n appends):
    doubling the capacity makes the copies O(n)."""
    share = growth_copy_share(facts)
    # the append the finding names first (the loop's header may be the hotter line: the
    # change is the same, the scope then names the append the finding's title names)
    found = (_append_change(facts) or generated_at_hot_line(facts, GROWTH)
             if share is not None else None)
    if share is None or found is None:
        return None
    return _on_alloc_code(
        facts, f, GROWTH, share, found,
        "Grow the array by doubling its capacity instead of per append",
        "copying into fresh blocks", "block copies, the allocator and fresh pages",
        (2.0, 100.0, "gain.what.geometric_growth"),
        "inside the loop the array is used only by element (checked in the sources); after "
        "it the array has the same size and contents (Fortran: cut to its count; C: a "
        "larger block with the same elements)",
        "an append per element on a hot line, copies into fresh memory in the profile",
        ("the array's size is read through a path the sources do not show (C: "
         "malloc_usable_size)",))


__all__ = ["allocation_share", "geometric_growth", "growth_copy_share", "hoist_allocation",
           "kept_buffers"]
