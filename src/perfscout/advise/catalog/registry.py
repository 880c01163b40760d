"""The proposal catalog: entries declared with :func:`proposal`, looked up by id.

An entry says its layer and kind, the named preconditions it
needs and a builder that fills every schema field from the facts of the case. ``CATALOG`` is a
:class:`~perfscout.registry.Registry`: it refuses duplicate ids and names the valid ids on a miss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from perfscout.advise.facts import Facts
from perfscout.advise.preconditions import PRECONDITIONS
from perfscout.diagnose.kinds import addressed_by
from perfscout.model.findings import Finding
from perfscout.model.proposals import Proposal
from perfscout.model.taxonomy import FINDING_IDS, PROPOSAL_KINDS, Layer
from perfscout.registry import Registry, UnknownName

Builder = Callable[[Facts, Finding], Proposal | None]
#: the share of the run an entry's expected gain is computed on, recomputed from the facts
Basis = Callable[[Facts], float | None]


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    addresses: tuple[str, ...]
    layer: Layer
    kind: str
    preconditions: tuple[str, ...]
    group: str  # independent-change group: one proposal per group in the first round
    build: Builder
    basis: Basis | None = None


CATALOG: Registry[CatalogEntry] = Registry("proposal id")


def proposal(
    id: str, *, layer: Layer, kind: str,
    preconditions: tuple[str, ...] = (), group: str = "", basis: Basis | None = None,
) -> Callable[[Builder], Builder]:
    """Declare a catalog entry; the decorated function builds the Proposal (or None when the
    facts leave nothing concrete to propose).

    ``basis``: for an entry whose gain rests on the measured share of code other than its
    scope line (the copy routines for ``const_ref``), that share recomputed from the facts.
    The Amdahl guard bounds the gain by it, for this entry's proposals and for an LLM's
    proposal of the same id alike (the proposal's own numbers are never the basis).

    Every name in ``preconditions`` must already be registered (:mod:`perfscout.advise.
    preconditions`, or a ``@precondition`` above the entry): a misspelt name fails at import
    with :class:`~perfscout.registry.UnknownName` listing the valid ones, not when a case
    first reaches the entry."""
    for name in preconditions:
        if name not in PRECONDITIONS:
            raise UnknownName(PRECONDITIONS.kind, name, PRECONDITIONS.names())
    addresses = addressed_by(id)  # declared once, with the finding kinds
    if not addresses:
        raise ValueError(f"proposal {id!r}: no finding kind in diagnose/kinds.py names it")
    bad = [a for a in addresses if a not in FINDING_IDS]
    if bad:
        raise ValueError(f"proposal {id!r} addresses unknown finding ids {bad}")
    if kind not in PROPOSAL_KINDS:
        raise ValueError(f"proposal {id!r}: kind {kind!r} not in {PROPOSAL_KINDS}")

    def deco(fn: Builder) -> Builder:
        CATALOG.register(id, CatalogEntry(id, addresses, layer, kind, preconditions, group or id,
                                          fn, basis))
        return fn

    return deco


def get_entry(pid: str) -> CatalogEntry:
    """The entry for ``pid``; UnknownName (a KeyError and a NotFoundError) lists the valid ids."""
    return CATALOG[pid]
