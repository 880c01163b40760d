"""Rules for time lost to shared state and to the container chosen: threads taking turns on an
atomic update (``rt.sync_contention``), and an ordered tree container used where its
order costs more than it gives (``app.data_structure``)."""

from __future__ import annotations

import re

from perfscout.diagnose import requests as rq
from perfscout.diagnose.engine import Context, rule
from perfscout.diagnose.rules.common import Share, category_share, hotspot_shares
from perfscout.diagnose.rules.runtime import _hot_ev
from perfscout.model.findings import Finding
from perfscout.model.metrics import Hotspot, Profile

#: an ordered tree container's own code (libstdc++ red-black tree behind std::map/set)
TREE_CODE = re.compile(r"_Rb_tree|\bstd::(multi)?(map|set)<|bits/stl_(tree|map|set|multimap|"
                       r"multiset)\.h:")
#: what a string- or key-compared tree spends on its key compares
KEY_COMPARE = re.compile(r"\bmemcmp|basic_string\.h:|char_traits\.h:|std::less<|"
                         r"basic_string<.*>::compare|bits/stl_function\.h:")


def _name(h: Hotspot) -> str:
    return h.name.split(" line ")[0]


@rule(id="rt.sync_contention", needs=("insn.locked_share",), thresholds=("rt.locked_share",),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def sync_contention(ctx: Context) -> Finding | None:
    """Threads take turns on shared data: the sampled time sits on lock-prefixed (atomic)
    instructions (``#pragma omp atomic``, ``std::atomic``), each of which moves the cache line
    between the cores. (Time in the runtime's critical-section functions is the serial
    fraction's evidence, ``rt.serial_fraction``.)"""
    lim = ctx.t("rt.locked_share")
    locked = [x for x in ctx.all("insn.locked_share") if x.value >= lim]
    if not locked:
        return None
    top = max(locked, key=lambda x: x.value)
    hot = hotspot_shares(top.profile)
    scope = _name(max(hot, key=lambda e: e[1])[0]) if hot else ""
    ev = [ctx.ev(top, f"{top.value:.0%} of the sampled time on lock-prefixed (atomic) "
                 "instructions", f"locked share >= {lim:.2f}")]
    return ctx.finding("rt.sync_contention", 0.45 + 0.4 * min(top.value, 1.0),
                       "threads take turns on an atomic update", ev, scope=scope)


def tree_share(profiles: tuple[Profile, ...] | list[Profile]) -> tuple[float, float] | None:
    """(share of an ordered tree container's code, share of it and its key compares) in the
    profile where that is largest; None when no tree code is sampled. Used by the rule and by
    the catalog entry that answers it."""
    best: tuple[float, float] | None = None
    for p in profiles:
        shares = hotspot_shares(p)
        tree = sum(s for h, s in shares if TREE_CODE.search(h.name))
        if tree <= 0:
            continue
        keys = sum(s for h, s in shares if KEY_COMPARE.search(h.name)
                   and not TREE_CODE.search(h.name))
        if best is None or tree + keys > best[1]:
            best = (tree, tree + keys)
    return best


@rule(id="app.data_structure", needs=("@hotspots",), thresholds=("app.tree_share",),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def data_structure(ctx: Context) -> Finding | None:
    """An ordered tree container (std::map/std::set) and its key compares hold a large share
    of the WHOLE profile: every access walks log n nodes, one cache miss and one key compare
    each. Whether the order is needed is the source's question (answered by the catalog)."""
    lim = ctx.t("app.tree_share")
    tree = category_share(ctx, lambda h: bool(TREE_CODE.search(h.name)))
    if tree is None:
        return None
    keys = [(h, s) for h, s in hotspot_shares(tree.profile) if KEY_COMPARE.search(h.name)
            and not TREE_CODE.search(h.name)]
    both = Share(tree.share + sum(s for _, s in keys), tree.profile, tree.entries + tuple(keys))
    if both.share < lim:
        return None
    ev = [_hot_ev(ctx, both, "an ordered tree container (std::map/set) and its key compares "
                  "take", f"share of whole profile >= {lim:.2f}")]
    return ctx.finding("app.data_structure", 0.4 + 0.4 * min(both.share, 1.0),
                       "an ordered tree container is the hot code", ev)
