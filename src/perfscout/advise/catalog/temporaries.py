"""Catalog entry for a Fortran array temporary made at every call (``assumed_shape_dummy``).

The application finding says the compiler copies an array section into a temporary at a
call (gfortran ``-Warray-temporaries``, the ``copy.temporaries`` count at the call's line; the
caller, where the inlined copy loop runs, holding more of the profile than the callee), or a
profile shows the pack/unpack routines, the allocator and the block copies holding the run
(:mod:`perfscout.diagnose.copies`). Offered where the transform stage's generator makes the
callee's explicit-shape dummy assumed-shape: every caller sees its interface, none relies on
sequence association, the dummy is not passed on.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import amdahl, conf, refs, verify
from perfscout.advise.catalog.generated import first_generated, project_lines, relative_scope
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts, project_root_of
from perfscout.diagnose.copies import copy_share
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, ExpectedGain, Proposal, Risk
from perfscout.model.taxonomy import Layer
from perfscout.transform import Generated, generate

ID = "assumed_shape_dummy"
#: the pack/allocation/copy share below which a profile alone does not ask for the change
MIN_COPY_SHARE = 0.10
#: share assumed in the copies when the compiler's remark is the only evidence
DEFAULT_SHARE = 0.5


def _at_site(facts: Facts, f: Finding) -> tuple[str, Generated] | None:
    """The change at the call the compiler's remark names (the finding's ``file:line``, the
    file relative to the build: looked up beside the build log, then in the projects of the
    profile's hot lines); None when no such file or the generator refuses."""
    path, _, line = (f.scope or "").rpartition(":")
    if not path or not line.isdigit():
        return None
    bases = [Path(e.source.file).parent for e in f.evidence
             if e.metric == "copy.temporaries" and e.source is not None]
    bases += [project_root_of(Path(p)) for p, _n, _t in project_lines(facts)]
    for base in dict.fromkeys(bases):
        src = base / path
        if not src.is_file():
            continue
        got = generate(ID, src.read_text(errors="replace"), str(src), int(line),
                       root=project_root_of(src))
        if isinstance(got, Generated):
            return relative_scope(str(src), int(line)), got
    return None


def _share(facts: Facts, f: Finding) -> tuple[float, bool]:
    """(share of the run in the copies, measured?): the caller's share the finding quotes,
    else the profile's pack + allocation + copy share, else ``DEFAULT_SHARE``."""
    quoted = [e.value for e in f.evidence if e.metric == "hotspot.share" and e.value]
    if quoted:
        return max(quoted), True
    shares = copy_share(facts.profiles)
    if shares is not None and shares.share >= MIN_COPY_SHARE:
        return shares.share, True
    return DEFAULT_SHARE, False


def _copies_basis(facts: Facts) -> float | None:
    """The profile's pack + allocation + copy share: what the gain rests on when measured."""
    shares = copy_share(facts.profiles)
    return shares.share if shares is not None and shares.share >= MIN_COPY_SHARE else None


@proposal(ID, layer=Layer.APPLICATION, kind="source", basis=_copies_basis)
def assumed_shape_dummy(facts: Facts, f: Finding) -> Proposal | None:
    """Array sections copied per call (the compiler's temporaries, or pack/allocation/copy
    code hot) and the generator makes the callee's dummy assumed-shape at the call: the
    strided section is passed by descriptor, the malloc + copy + free per call goes."""
    temps = any(e.metric == "copy.temporaries" and (e.value or 0) > 0 for e in f.evidence)
    shares = copy_share(facts.profiles)
    if not temps and (shares is None or shares.share < MIN_COPY_SHARE):
        return None
    found = _at_site(facts, f) if temps else None
    found = found or first_generated(facts, f, ID)
    if found is None:
        return None
    scope, got = found
    share, measured = _share(facts, f)
    # the share is the caller's (its own work with the inlined copies): 8x on it at most
    low, high = amdahl(share, 1.5, 8.0)
    return Proposal(
        id=ID, addresses=(f.id,), layer=Layer.APPLICATION, kind="source",
        title=f"Pass the array section without a temporary copy ({scope})",
        change=Change(description="the compiler copies a strided array section into a "
                      f"temporary and back at every call; {got.note}"),
        evidence=(*refs(f, facts), f"{scope}: {got.note}"),
        verification=verify(facts),
        expected_gain=ExpectedGain(low, high, Text(
            "gain.share_measured" if measured else "gain.share_assumed",
            share=f"{share:.0%}", scope=Text("gain.copy_code"),
            what=Text("gain.what.no_temporary"), low="1.5", high="8")),
        risk=Risk("low", "every caller has the procedure's explicit interface, none passes "
                  "an element or an array of another rank for the dummy, the dummy is not "
                  "passed on (checked in the project's sources); the compiler rejects a "
                  "call without the interface"),
        confidence=Confidence(conf(f, 0.6), "an array temporary per call at the hot call"),
        invalid_when=("a caller outside the project's sources calls the procedure without "
                      "its interface",),
        rollback="revert the patch commit", scope=scope,
    )
