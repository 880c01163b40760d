"""Rules for time lost to shared state and to the container chosen: threads taking turns on an
atomic update (``rt.sync_contention``), and an ordered tree container used where its
order costs more than it gives, or a hash table walking long bucket chains
(``app.data_structure``)."""

from __future__ import annotations

import functools
import glob
import re
from pathlib import Path
from typing import TYPE_CHECKING

from perfscout.diagnose import requests as rq
from perfscout.diagnose.atomics import atomic_loop, threaded
from perfscout.diagnose.engine import Context, rule
from perfscout.diagnose.libwork import inclusive_listing
from perfscout.diagnose.locks import sampled_locks, traced_futex
from perfscout.diagnose.placement import sweep_points
from perfscout.diagnose.rules.common import Share, category_share, fmt, hotspot_shares
from perfscout.diagnose.rules.runtime import (
    _hot_ev,
    slower_with_threads,
)
from perfscout.ingest.ab_runs import factor_words
from perfscout.model.findings import Finding
from perfscout.model.metrics import Hotspot, Profile, ScopeKind, near_line

if TYPE_CHECKING:
    from perfscout.transform.source import Code, Node

#: an ordered tree container's own code (libstdc++ red-black tree behind std::map/set)
#: (a line-level profile may name the header bare: ``stl_tree.h:1950``)
TREE_CODE = re.compile(r"_Rb_tree|\bstd::(multi)?(map|set)<|(?:bits/|(?<![\w/.\-]))"
                       r"stl_(tree|map|set|multimap|multiset)\.h:")
#: a linked list's code: its node walk (libstdc++'s list/forward_list and their headers), or a
#: hot routine that takes a std::list to walk (the walk inlined into it)
LIST_CODE = re.compile(r"_List_node|_Fwd_list|\bstd::(__cxx11::)?(forward_)?list<|"
                       r"bits/(stl_list|forward_list)\.h:")
#: a hash table's lookup and insert code (libstdc++'s _Hashtable: the bucket's chain walk
#: ``_M_find_before_node``, ``_M_find_node``, the node insert, the key's std::hash), by name or
#: by its headers' lines
#: (not a routine that merely takes a ``std::unordered_map`` parameter: its own code is not
#: the table's)
HASH_CODE = re.compile(r"_Hashtable<|_M_find_before_node|_M_find_node|_M_insert_unique_node|"
                       r"_Hash_node|(?:bits/|(?<![\w/.\-]))(hashtable(_policy)?|functional_hash)"
                       r"\.h:")
#: libstdc++'s routines that walk one bucket's chain, comparing each node with the key, by
#: name (a listing of functions: the per-node bucket modulo and ``_M_next`` are their own rows
#: when not inlined); a lookup in a table with a good hash spends little here
CHAIN_WALK = re.compile(r"_M_find_before_node|_M_find_node|_M_bucket_index|_Mod_range_hashing|"
                        r"_Hash_node<.*>::_M_next")
#: the walk routines whose loop, past the first node's compare, runs once per further node
WALK_ROUTINE = re.compile(r"^(_M_find_before_node|_M_find_node)")
#: what a string- or key-compared tree spends on its key compares
#: (a pair key's ``operator<`` is in stl_pair.h)
KEY_COMPARE = re.compile(r"\bmemcmp|basic_string\.h:|char_traits\.h:|std::less<|"
                         r"basic_string<.*>::compare|(?:bits/|(?<![\w/.\-]))"
                         r"stl_(?:function|pair)\.h:")


def _code(h: Hotspot) -> str:
    """What a hotspot names for the container patterns: its name, and the source line a
    line-level profile puts it on (``perf annotate``'s sorted summary gives ``stl_tree.h:1950``
    inside ``main``, the tree code inlined into the program's loop)."""
    at = h.location
    return f"{h.name}\n{at.file}:{at.line}" if at is not None and at.file else h.name


def _name(h: Hotspot) -> str:
    return h.name.split(" line ")[0]


def _static_atomic(ctx: Context) -> Finding | None:
    """No sampled lock time, but the disassembly of the hot function shows an atomic in every
    one of its loops and several threads run it (:func:`perfscout.diagnose.atomics.atomic_loop`)."""
    loc = atomic_loop(ctx)
    if loc is None:
        return None
    fn = loc.metric.scope.name
    n = next((x.value for x in ctx.all("insn.locked", (ScopeKind.FUNCTION,))
              if x.profile is loc.profile and x.metric.scope.name == fn), None)
    count = f"{fmt(n)} lock-prefixed instruction(s), " if n else ""
    ev = [ctx.ev(loc, f"{count}in every loop of {fn} ({loc.value:.0%} of its loops): each "
                 "iteration takes an atomic read-modify-write that threads sharing the target "
                 "take turns on", "insn.lock_loop_share >= 1 in a threaded hot function")]
    return ctx.finding("rt.sync_contention", 0.62, "threads take turns on an atomic update in "
                       "the hot loop", ev, scope=fn,
                       limits=["read from the disassembly alone: how much time the atomics "
                               "take needs a sampling profile (perf annotate)"])


@rule(id="rt.sync_contention",
      needs=("insn.locked_share|insn.lock_loop_share|@hotspots|syscall.time",),
      thresholds=("rt.locked_share", "rt.lock_routine_share", "rt.futex_traced_share",
                  "rt.contention_slowdown"),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def sync_contention(ctx: Context) -> Finding | None:
    """Threads take turns on shared data: the sampled time sits on lock-prefixed (atomic)
    instructions (``#pragma omp atomic``, ``std::atomic``), each of which moves the cache line
    between the cores; or a sampling profile sits in lock and wait routines (a mutex taken per
    item, the futex path) or in the OpenMP runtime's handout of iterations (``schedule(dynamic,
    1)`` over tiny iterations) or in its critical sections entered per item; strace -f -c's
    futex share of traced time agrees. (With a thread sweep, the same critical-section time
    is also the serial part ``rt.serial_fraction`` fits.)"""
    lim = ctx.t("rt.locked_share")
    locked = [x for x in ctx.all("insn.locked_share") if x.value >= lim]
    if not locked:
        sampled = sampled_locks(ctx, ctx.t("rt.lock_routine_share"))
        if sampled is None:
            return _traced_turns(ctx) or _static_atomic(ctx)
        pts = sweep_points(ctx)
        slower = slower_with_threads(ctx, pts)
        if sampled[0] == "critical" and len(pts) >= 2 and slower is None:
            return None  # a thread sweep: its Amdahl fit (rt.serial_fraction) judges the turns
        ev = [sampled[1]] + ([slower] if slower is not None else [])
        traced = traced_futex(ctx) if sampled[0] != "schedule" else None
        if traced is not None:
            ev.append(traced)
        title = ("the OpenMP runtime's iteration handout (dynamic schedule) is the hot code"
                 if sampled[0] == "schedule" else "threads take turns on a critical section"
                 if sampled[0] == "critical" else "threads take turns on a lock")
        conf = 0.45 + 0.4 * min(sampled[1].value or 0.0, 1.0)
        return ctx.finding("rt.sync_contention", conf, title, ev, scope=sampled[2])
    top = max(locked, key=lambda x: x.value)
    hot = hotspot_shares(top.profile)
    scope = _name(max(hot, key=lambda e: e[1])[0]) if hot else ""
    if not threaded(ctx, scope, unknown=True):
        return None  # one thread takes the atomic: it costs, but nobody waits for the line
    ev = [ctx.ev(top, f"{top.value:.0%} of the sampled time on lock-prefixed (atomic) "
                 "instructions", f"locked share >= {lim:.2f}")]
    return ctx.finding("rt.sync_contention", 0.45 + 0.4 * min(top.value, 1.0),
                       "threads take turns on an atomic update", ev, scope=scope)


def _traced_turns(ctx: Context) -> Finding | None:
    """No sampling profile, but a thread sweep slower with more threads
    (``rt.contention_slowdown``) and a system-call trace with most of its time in futex
    (``rt.futex_traced_share``): the threads hand a lock or a wait to each other through the
    kernel, and each added thread adds turns. Two families (the program's sweep, the
    tracer); which lock it is, only a sampling profile says (requested)."""
    traced = traced_futex(ctx)
    if traced is None:
        return None
    slower = slower_with_threads(ctx, sweep_points(ctx))
    if slower is None:
        return None
    ctx.request(rq.sampling(ctx))
    return ctx.finding("rt.sync_contention", 0.55, "threads take turns on a lock, handed over "
                       "through the kernel (futex)", [slower, traced])


def tree_share(profiles: tuple[Profile, ...] | list[Profile]) -> tuple[float, float] | None:
    """(share of an ordered tree container's code, share of it and its key compares) in the
    profile where that is largest; None when no tree code is sampled. Used by the rule and by
    the catalog entry that answers it."""
    best: tuple[float, float] | None = None
    for p in profiles:
        shares = hotspot_shares(p)
        tree = sum(s for h, s in shares if TREE_CODE.search(_code(h)))
        if tree <= 0:
            continue
        keys = sum(s for h, s in shares if KEY_COMPARE.search(_code(h))
                   and not TREE_CODE.search(_code(h)))
        if best is None or tree + keys > best[1]:
            best = (tree, tree + keys)
    return best


def hash_share(profiles: tuple[Profile, ...] | list[Profile]) -> float | None:
    """The largest share of a hash table's lookup code (:data:`HASH_CODE`) in one profile,
    over rows of one kind (a callgrind listing holds functions and their lines: both would
    count the same cost); None when none is sampled. Used by the catalog entry that answers
    the rule."""
    best = [min(1.0, sum(s for h, s in hotspot_shares(p) if h.kind == kind and
                         HASH_CODE.search(_code(h))))
            for p in profiles for kind in {h.kind for h in p.hotspots}]
    return max((b for b in best if b > 0), default=None)


@rule(id="app.data_structure", needs=("@hotspots|ab.ratio",),
      thresholds=("app.tree_share", "app.hash_share", "ab.ratio", "app.container_seen_share"),
      request=lambda ctx, miss: [rq.sampling(ctx)])
def data_structure(ctx: Context) -> Finding | None:
    """An ordered tree container (std::map/std::set) and its key compares hold a large share
    of the WHOLE profile: every access walks log n nodes, one cache miss and one key compare
    each. Whether the order is needed is the source's question (answered by the catalog)."""
    lim = ctx.t("app.tree_share")
    tree = category_share(ctx, lambda h: bool(TREE_CODE.search(_code(h))))
    if tree is None:
        return _hash_chains(ctx) or _linked_list(ctx, lim) or _container_ab(ctx)
    keys = [(h, s) for h, s in hotspot_shares(tree.profile) if KEY_COMPARE.search(_code(h))
            and not TREE_CODE.search(_code(h))]
    both = Share(tree.share + sum(s for _, s in keys), tree.profile, tree.entries + tuple(keys))
    if inclusive_listing(tree.profile):  # each row holds its callees: the rows overlap, and
        # the largest one is what the container's code and its compares take at least
        both = Share(max(s for _, s in both.entries), both.profile, both.entries)
    if both.share < lim:
        return _container_ab(ctx)
    ev = [_hot_ev(ctx, both, "an ordered tree container (std::map/set) and its key compares "
                  "take", f"share of whole profile >= {lim:.2f}")]
    return ctx.finding("app.data_structure", 0.4 + 0.4 * min(both.share, 1.0),
                       "an ordered tree container is the hot code", ev)


#: words that name a node-based or hashed container on the slow side of a program's own A/B
CONTAINER_WORDS = frozenset({"map", "multimap", "set", "multiset", "tree", "rbtree",
                             "unordered_map", "unordered_set", "umap", "hash", "hashmap",
                             "hashtable", "list", "linked", "forward_list", "deque"})


def _container_ab(ctx: Context) -> Finding | None:
    """The program's own A/B of the container (``build=std::map`` against
    ``build=flat-vector``, the same work): the slower side names a node-based or hashed
    container and takes ``ab.ratio`` times the faster one's time. The container's cost
    measured directly, where the profile cannot show it (its walk inlined into the loop)."""
    least = ctx.t("ab.ratio")
    for loc in sorted(ctx.all("ab.ratio"), key=lambda x: -x.value):
        key, _, sides = loc.metric.raw_name.rpartition(": ")
        slow, _, fast = sides.partition(" vs ")
        if loc.value < least or not factor_words(slow) & CONTAINER_WORDS or \
                factor_words(fast) & CONTAINER_WORDS:
            continue
        ev = [ctx.ev(loc, f"the program's own A/B{' of ' + key if key else ''}: {slow} takes "
                     f"{loc.value:.1f}x the time of {fast} for the same work",
                     f"ab.ratio >= {least:g}")]
        tree = category_share(ctx, lambda h: bool(TREE_CODE.search(_code(h))))
        seen = ctx.t("app.container_seen_share")
        if tree is not None and tree.share >= seen:
            ev.append(_hot_ev(ctx, tree, "the container's own routines take",
                              f"share of whole profile >= {seen:.2f}"))
        return ctx.finding("app.data_structure", 0.5 + 0.3 * min(loc.value / 10, 1.0),
                           f"the container is the cost: {slow} against {fast}", ev)
    return None


def hash_key(names: list[str]) -> str:
    """The key type a demangled ``std::_Hashtable<Key, ...>`` name holds ("" when none
    does): what the hash is computed on."""
    for n in names:
        at = n.find("_Hashtable<")
        if at < 0:
            continue
        depth, key = 0, ""
        for ch in n[at + len("_Hashtable<"):]:
            if ch == "," and depth == 0:
                return key.strip()
            depth += (ch == "<") - (ch == ">")
            key += ch
    return ""


@functools.lru_cache(maxsize=16)
def _header_code(path: str) -> Code | None:
    """The parsed library header ``path`` (None when it is not readable here)."""
    from perfscout.transform.source import Code

    try:
        return Code(Path(path).read_text(errors="replace"), path, "cpp")
    except (OSError, ValueError):
        return None


def _routine_name(code: Code, fn: Node) -> str:
    """The unqualified name a function definition defines."""
    d = fn.child_by_field_name("declarator")
    while d is not None and d.type != "function_declarator":
        d = d.child_by_field_name("declarator")
    name = d.child_by_field_name("declarator") if d is not None else None
    return code.text_of(name).rpartition("::")[2].strip() if name is not None else ""


def _routine_at(path: str, line: int) -> str:
    """The routine whose definition holds ``path:line`` of a header ("" unknown)."""
    code = _header_code(path)
    node = code.node_at_line(line) if code is not None else None
    fn = code.function_of(node) if code is not None and node is not None else None
    return _routine_name(code, fn) if code is not None and fn is not None else ""


def header_routine(h: Hotspot) -> str:
    """The routine whose definition holds a hotspot's line in a system header on this machine
    (perf's srcline rows name ``hashtable.h:1940``, not the inlined routine); "" unknown."""
    at = re.search(r"(/usr/\S+\.h):(\d+)$", _code(h))
    return _routine_at(at.group(1), int(at.group(2))) if at is not None else ""


@functools.lru_cache(maxsize=8)
def stepping_lines(path: str) -> frozenset[int]:
    """The lines of ``hashtable.h`` that run once per node past a bucket's first: in the loop
    of the walk routines, its update and every statement after the first (the first node's
    compare, where a lookup with a good hash returns). A srcline row on them is a step along
    a chain; the bucket load and the first node's compare are every lookup's cost."""
    from perfscout.transform.source import walk

    code = _header_code(path)
    if code is None:
        return frozenset()
    out: set[int] = set()
    for fn in walk(code.tree.root_node):
        if fn.type != "function_definition" or not WALK_ROUTINE.search(
                _routine_name(code, fn)):
            continue
        for loop in walk(fn):
            if loop.type != "for_statement":
                continue
            body = loop.child_by_field_name("body")
            stmts = body.named_children if body is not None else []
            step = loop.child_by_field_name("update")
            for n in [*stmts[1:], *([step] if step is not None else [])]:
                out.update(range(n.start_point[0] + 1, n.end_point[0] + 2))
    return frozenset(out)


def _chain_step(h: Hotspot) -> bool:
    """A hotspot stepping a bucket's chain past its first node: a line of
    :func:`stepping_lines` (perf's srcline rows, callgrind's lines), a walk routine's such
    line in an annotation (``_M_find_before_node line 1940``, placed by the libstdc++ headers
    on this machine), or a walk routine by name in a function listing. The bucket load, the
    first node's compare and the hash are every lookup's cost, and are not counted."""
    at = re.search(r"(/usr/\S+/hashtable\.h):(\d+)$", _code(h))
    if at is not None:
        return int(at.group(2)) in stepping_lines(at.group(1))
    if not CHAIN_WALK.search(h.name) or header_routine(h):
        return False
    line = re.search(r" line (\d+)$", h.name)
    return line is None or any(int(line.group(1)) in stepping_lines(t) for t in glob.glob(
        "/usr/include/c++/*/bits/hashtable.h"))


def _hash_chains(ctx: Context) -> Finding | None:
    """A hash table's steps along a bucket's chain past its first node (libstdc++'s
    ``_M_find_before_node`` loop: :func:`_chain_step`) hold ``app.hash_share`` or more of
    the WHOLE profile: a lookup with a good hash stops at about the first node, so this much
    time stepping means long chains, and a
    hash that maps many keys to one bucket (a member-wise XOR of integers) is the usual cause.
    The scope is the program's routine that calls the table when the profile has call chains.
    Whether the hash is weak is the source's question (answered by the catalog)."""
    lim = ctx.t("app.hash_share")
    table = category_share(ctx, _chain_step)
    if table is None or table.share < lim:
        return None
    key = hash_key([h.name for h, _ in table.entries])
    callers = [f for h, _ in table.entries for f in reversed(h.callpath)
               if not HASH_CODE.search(f) and not f.startswith("std::")]
    what = f"a hash table keyed by {key}" if key else "a hash table"
    ev = [_hot_ev(ctx, table, f"{what}'s bucket chain walk (libstdc++ _Hashtable "
                  "_M_find_before_node) takes", f"share of whole profile >= {lim:.2f}")]
    return ctx.finding("app.data_structure", 0.35 + 0.4 * min(table.share, 1.0),
                       f"{what} walks long bucket chains in the hot code", ev,
                       scope=callers[0] if callers else "")


#: a source line that steps a pointer to a field of the node it points at: ``p => p%next``
#: (Fortran), ``p = p->next``, ``node = node->link`` (C, C++), or an index to the entry its
#: array holds for it (``i = parent[i]``, ``k = next[k]``: a linked structure kept as indices)
POINTER_WALK = re.compile(r"\b(?P<p>[A-Za-z_]\w*)\s*=>\s*(?P=p)\s*%\s*\w+|"
                          r"\b(?P<q>[A-Za-z_]\w*)\s*=\s*(?P=q)\s*->\s*\w+|"
                          r"\b(?P<r>[A-Za-z_]\w*)\s*=\s*[A-Za-z_][\w.]*(?:->\w+)?\s*"
                          r"\[\s*(?P=r)\s*\]\s*;")


def _walked_lines(ctx: Context, lim: float) -> Finding | None:
    """A cache simulator's line costs (their source text, callgrind/cg_annotate) put
    ``app.tree_share`` or more of the line-attributed D1 misses on the loop nest of a line
    that steps a pointer to its node's field (:data:`POINTER_WALK`): nodes scattered in
    memory, each load waiting for the one before, in the user's own list, not a library's."""
    misses = ctx.all("d1.misses", (ScopeKind.LINE,))
    total = sum(m.value for m in misses)
    if total <= 0:
        return None
    walks = {m.metric.scope.name: m.metric.raw_name for m in ctx.all("ir", (ScopeKind.LINE,))
             if POINTER_WALK.search(m.metric.raw_name)}
    best: tuple[float, str, str] | None = None
    for where, text in walks.items():
        file, _, line = where.rpartition(":")
        if not line.isdigit():
            continue
        share = sum(m.value for m in misses
                    if (w := m.metric.scope.name.rpartition(":"))[2].isdigit()
                    and near_line(file, int(line), w[0], int(w[2]))) / total
        if best is None or share > best[0]:
            best = (share, where, text)
    if best is None or best[0] < lim:
        return None
    share, where, text = best
    loc = max((m for m in misses if m.metric.scope.name == where), key=lambda m: m.value,
              default=max(misses, key=lambda m: m.value))
    ev = [ctx.ev(loc, f"{share:.0%} of the simulated D1 misses fall on the loop that walks "
                 f"linked nodes at {where} ({text.strip()[:60]})",
                 f"share of line misses >= {lim:.2f}", metric="cache.miss_line_share",
                 value=share, unit="ratio")]
    m = POINTER_WALK.search(text)
    what = ("a linked structure kept as indices (each index read from the entry before) is"
            if m is not None and m["r"] else "a linked list of separately placed nodes is")
    return ctx.finding("app.data_structure", 0.6, f"{what} walked in the hot loop (pointer "
                       "chasing)", ev, scope=where)


def _linked_list(ctx: Context, lim: float) -> Finding | None:
    """A linked list walked in the hot code (its node code, or a hot routine taking a
    std::list whose walk is inlined into it) holds ``app.tree_share`` or more of the WHOLE
    profile: each step is a load that depends on the one before (pointer chasing), which no
    vector width, loop order or tile helps; a contiguous container does. The program's own
    list, walked on its lines, is read from a simulator's line costs (:func:`_walked_lines`)."""
    walk = category_share(ctx, lambda h: bool(LIST_CODE.search(h.name)))
    if walk is None or walk.share < lim:
        return _walked_lines(ctx, lim)
    ev = [_hot_ev(ctx, walk, "a linked list's walk (std::list nodes) takes",
                  f"share of whole profile >= {lim:.2f}")]
    return ctx.finding("app.data_structure", 0.35 + 0.4 * min(walk.share, 1.0),
                       "a linked list is walked in the hot code (pointer chasing)", ev)
