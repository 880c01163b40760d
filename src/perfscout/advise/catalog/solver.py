"""Catalog entry for a hand-written dense linear solve: LAPACK instead of the loops.

``use_lapack`` is offered only where the transform stage's generator recognises a Gaussian
elimination with back substitution (``dgesv``; ``dgtsv``/``dgbsv`` when the matrix is
provably banded at the solve), a Cholesky factorisation (``dpotrf``) or an unpivoted LU
(``dgetrf``) on one
of the hottest source lines of the line profile (the parsed loops decide, never the program's
name); its note is the evidence."""

from __future__ import annotations

from perfscout.advise.catalog.common import conf, gain_on_share, generated_at_hot_line, refs, verify
from perfscout.advise.catalog.registry import proposal
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.model.message import Text
from perfscout.model.proposals import Change, Confidence, Proposal, Risk
from perfscout.model.taxonomy import Layer

ALG = Layer.ALGORITHM


def dense_solve(facts: Facts) -> tuple[str, str] | None:
    """(hot ``path:line``, the generated call's note) of the hottest source line inside a
    hand-written Gaussian elimination + back substitution that ``dgesv`` can replace, or a
    Cholesky factorisation that ``dpotrf`` can; None when no hot line is in one (or the
    generator refuses every one)."""
    found = generated_at_hot_line(facts, "use_lapack")
    return (found[0], found[1].note) if found else None


@proposal("use_lapack", layer=ALG, kind="source",
          preconditions=("share_of_time >= 5%",))
def use_lapack(facts: Facts, f: Finding) -> Proposal | None:
    found = dense_solve(facts)
    if found is None:
        return None
    scope, note = found
    routine = next((r for r in ("dgtsv", "dgbsv", "sgtsv", "sgbsv", "dpotrf", "spotrf",
                                "dgetrf") if f"replaced by {r}" in note), "dgesv")
    chol, band = routine.endswith("potrf"), routine[1:] in ("gtsv", "gbsv")
    factor = routine == "dgetrf"
    what = "Cholesky factorisation" if chol else "solve of a banded matrix" if band else \
        "LU factorisation" if factor else "linear solve"
    # the program's own dense call (the note starts "the dense dgesv_ call at ..."): the hot
    # line is another of its function's (the fill), the time is in the library
    where = f"the dense dgesv call on a banded matrix in the function of {scope}" if band and \
        note.startswith("the dense ") else f"the hand-written {what} at {scope}"
    algo = "Cholesky" if chol else "band LU, O(n k^2)" if band else "LU"
    return Proposal(
        id="use_lapack", addresses=(f.id,), layer=ALG, kind="source",
        title=f"Replace {where} by LAPACK's {routine}",
        change=Change(description=f"a {'banded' if band else 'blocked'} {algo} (OpenBLAS) "
                                  f"instead of the loops: {note}",
                      flags=("-lopenblas",)),
        evidence=(*refs(f, facts), f"hot line {scope}: {note}"),
        verification=verify(facts),
        # a banded system: the dense O(n^3) elimination becomes O(n) work
        expected_gain=gain_on_share(facts, scope, 10.0 if band else 3.0,
                                    200.0 if band else 40.0, 0.8, Text("gain.what.blas")),
        risk=Risk("medium", f"rounding differs ({algo}); needs a tolerance check"),
        confidence=Confidence(conf(f, 0.7), "the parsed loops are a Cholesky factorisation"
                              if chol else "run on small matrices, the loops leave the LU "
                              "factors" if factor else "the parsed loops are a Gaussian "
                              "elimination with "
                              "back substitution" + (" on a matrix zeroed and then stored only "
                                                     "near its diagonal" if band else "")),
        invalid_when=("the matrix is tiny", "the system is sparse beyond a band (a sparse "
                      "solver fits better)"),
        rollback="revert the patch commit", scope=scope,
    )
