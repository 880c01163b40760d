"""The program's own A/B named after its fix: ``./orderbook`` against ``./orderbook_hash``,
``./epidemic`` against ``./epidemic_hoist``, ``./volrender`` against ``./volrender_rows``,
the same work (the runs' results agree: :mod:`perfscout.ingest.ab_runs`) in ``ab.ratio``
times less time. The word that tells the two builds apart names the change that was made, and
that change names the layer: a word that one finding kind's declaration lists among its A/B
words (:attr:`perfscout.diagnose.kinds.Kind.ab`: ``hash`` for ``app.data_structure``,
``hoist`` and ``once`` for ``app.redundant_work``, ``rows`` for ``hw.cache_locality``) and no
other kind's. The kinds' own rules read A/Bs in their terms first (a container on the slow
side, a data type's width); this reading gives the kind when no rule of it fired."""

from __future__ import annotations

from typing import TYPE_CHECKING

from perfscout.diagnose.engine import WAIT_ONLY
from perfscout.diagnose.kinds import KINDS
from perfscout.ingest.ab_runs import factor_words

if TYPE_CHECKING:
    from perfscout.diagnose.engine import Context
    from perfscout.model.findings import Finding


#: kinds whose own rule reads the program's A/B against the machine (a narrower type that
#: runs faster at the same printed bandwidth is the bandwidth's, not the type's): the A/B's
#: name alone does not decide them
JUDGED_BY_RULE = frozenset({"app.precision"})
#: every kind's A/B words
_ALL_WORDS = frozenset(w for k in KINDS.values() for w in k.ab)


def named_ab(ctx: Context, have: set[str]) -> list[Finding]:
    """When the rules found nothing but other jobs' share of the cores (``have``), a
    finding for each kind that one of the program's own A/Bs names alone, strongest A/B
    first; the A/B's ratio at least ``ab.ratio``. Beside a finding of the rules the A/B's
    name is no second opinion: a fix named ``once`` (a file opened once) also names the
    redundant work the I/O rule already placed."""
    if have - WAIT_ONLY:
        return []
    least = ctx.t("ab.ratio")
    out: list[Finding] = []
    for loc in sorted(ctx.all("ab.ratio"), key=lambda x: -x.value):
        if loc.value < least:
            break
        key, _, sides = loc.metric.raw_name.rpartition(": ")
        slow, _, fast = sides.partition(" vs ")
        if not slow or not fast:
            continue
        # named after its fix: the slower build names no change of any kind (the shipped
        # program), the faster one does; two named builds (``std::map`` against
        # ``std::unordered_map``, ``scalar`` against ``simd``) are the kinds' own rules' A/B
        if factor_words(slow) & _ALL_WORDS:
            continue
        differ = factor_words(fast) - factor_words(slow)
        named = {k.id: differ & k.ab for k in KINDS.values()
                 if differ & k.ab and k.id not in JUDGED_BY_RULE}
        if len(named) != 1:
            continue  # no kind's word, or words of two kinds: the A/B names no one layer
        (kind, words), = named.items()
        if kind in {f.id for f in out}:
            continue
        said = ", ".join(sorted(words))
        out.append(ctx.finding(
            kind, 0.5 + 0.2 * min(loc.value / 10, 1.0),
            f"the program's own A/B: the build named for '{said}' is {loc.value:.1f}x faster",
            [ctx.ev(loc, f"the program's own A/B{' of ' + key if key else ''}: {slow} takes "
                    f"{loc.value:.1f}x the time of {fast} for the same work ({said}: "
                    f"a {kind} change)", f"ab.ratio >= {least:g}")],
            limits=["the builds' names say what changed; no profile of this input shows "
                    "where the time went"]))
    return out
