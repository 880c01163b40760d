"""How long an MPI wait can last, from the ranks' compute: the two bounds that tell waiting
from imbalance and from communication.

A rank in MPI either waits for another rank's work or pays for the operation itself (moving
the data, a message's latency). Per-rank compute bounds the waiting:

- side by side, a rank waits at most for the compute *spread* (the slowest rank's compute
  minus its own): :func:`waits_beyond_spread` says when every rank waits longer than that,
  so unequal compute (``alg.load_imbalance``) cannot be what the ranks wait for;
- even one after the other, a rank waits at most for the *other ranks' whole compute*:
  :func:`mpi_beyond_compute` says when every rank is in MPI longer than that (with the
  ``mpi.beyond_compute`` margin), so the time is the operations' own cost
  (``rt.mpi_communication``), not a wait (``rt.mpi_wait``).

Both rules read these two functions and nothing else for that judgement.
"""

from __future__ import annotations

import re

from perfscout.diagnose.engine import Context
from perfscout.model.findings import Evidence
from perfscout.model.metrics import ScopeKind

#: a collective operation's name as a rank's printout or a profile labels its time
#: (``alltoall 0.12 s``, ``MPI_Allreduce``): every rank enters it each step, side by side
#: (a barrier is only waiting: not here)
COLLECTIVE = re.compile(r"(?:^|[^a-z])(?:mpi_)?(?:all_?to_?all[vw]?|all_?gather[v]?|"
                        r"all_?reduce|reduce_?scatter(?:_block)?|bcast|broadcast|gather[v]?|"
                        r"scatter[v]?|reduce|scan|exscan)(?:$|[^a-z])", re.I)


def _collective(raw: str) -> bool:
    """A rank's MPI time printed under collectives' names only (``alltoall``, a sum of
    ``MPI_Allreduce(s) + MPI_Bcast(s)``); a sum holding a point-to-point call is not."""
    parts = [x for x in raw.split("+") if x.strip()]
    return bool(parts) and all(COLLECTIVE.search(x) for x in parts)


def waits_beyond_spread(work: dict[str, float], wait: dict[str, float]) -> bool:
    """Unequal compute explains a rank's wait only up to the compute spread; when every rank,
    the busiest one too, waits longer than that spread (a barrier every step, one rank's I/O),
    the wait has another cause and rebalancing cannot remove it. Without measured waits the
    ranks' MPI times bound them from above: the busiest rank in MPI longer than the spread
    spends that time on the communication itself, not waiting for anyone."""
    common = set(work) & set(wait)
    if len(common) < 2:
        return False
    spread = max(work[r] for r in common) - min(work[r] for r in common)
    return min(wait[r] for r in common) >= spread


def mpi_beyond_compute(ctx: Context) -> Evidence | None:
    """Every rank of a per-rank printout, the busiest too, spends longer in MPI than waiting
    for the other ranks could last: a rank waits at most for the others' compute (all of it
    when the ranks run one after the other, the spread when they run side by side), with
    ``mpi.beyond_compute`` as margin; the rest is the operations' own cost (moving the data,
    or their latency), not a wait that rebalancing or overlap would remove."""
    busy = {x.metric.scope.name: x for x in ctx.all("busy.time", (ScopeKind.RANK,))}
    mpi = {x.metric.scope.name: x for x in ctx.all("mpi.time", (ScopeKind.RANK,))}
    common = sorted(set(busy) & set(mpi))
    if len(common) < 2:
        return None
    # ranks that run one after the other (each waiting for the others' whole step) wait up to
    # the others' compute: the bound is that, with a margin for the run's own noise; ranks
    # that meet in a collective every step (the time printed under its name) run side by side
    # and wait at most for the compute spread
    most = max(busy[r].value for r in common)
    side = all(_collective(mpi[r].metric.raw_name) for r in common)
    spread = most - min(busy[r].value for r in common)
    bound = (spread if side else (len(common) - 1) * most) * ctx.t("mpi.beyond_compute")
    low = min(common, key=lambda r: mpi[r].value)
    if mpi[low].value <= bound:
        return None
    what = (f"for the slowest rank's extra compute in the collective (the spread "
            f"{spread:.3g} s)" if side else
            f"for the other ranks' compute (at most {most:.3g} s each)")
    return ctx.ev(mpi[low], f"every rank is in MPI at least {mpi[low].value:.3g} s (rank "
                  f"{low}), longer than waiting {what} could last",
                  f"MPI time per rank > {bound:.3g} s", metric="mpi.time")
