"""Turn a caller->callee graph (gprof, callgrind) into a bounded :class:`CallNode` tree.

Graph formats give edges, not paths; the tree expands every edge under each caller, cutting
recursion (a function already on the path) and stopping after ``max_nodes`` nodes so a large
graph never explodes into an unbounded tree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from perfscout.model.metrics import CallNode

ROOT_NAME = "<program>"


@dataclass(frozen=True)
class Edge:
    caller: str
    callee: str
    value: float  # inclusive cost of callee attributed to this caller
    calls: int | None = None


def walk(node: CallNode, path: tuple[str, ...] = ()) -> Iterator[tuple[CallNode, tuple[str, ...]]]:
    """Every node of a call tree depth-first, ``node`` first, each with its call path (``path``
    + the names down to it)."""
    stack = [(node, (*path, node.name))]
    while stack:
        n, p = stack.pop()
        yield n, p
        for c in reversed(n.children):
            stack.append((c, (*p, c.name)))


def build_tree(
    roots: Sequence[str],
    edges: Sequence[Edge],
    self_value: Mapping[str, float],
    inclusive_value: Mapping[str, float],
    max_nodes: int = 5000,
    max_depth: int = 40,
) -> tuple[CallNode, bool]:
    """The tree under a synthetic root; returns ``(tree, truncated)``."""
    out: dict[str, list[Edge]] = {}
    for e in edges:
        out.setdefault(e.caller, []).append(e)
    for lst in out.values():
        lst.sort(key=lambda e: -e.value)
    budget = [max_nodes]
    truncated = [False]

    def expand(name: str, value: float, path: frozenset[str], depth: int) -> CallNode:
        budget[0] -= 1
        kids: list[CallNode] = []
        for e in out.get(name, ()):
            if e.callee in path or e.callee == name:
                continue
            if budget[0] <= 0 or depth >= max_depth:
                truncated[0] = True
                break
            kids.append(expand(e.callee, e.value, path | {e.callee}, depth + 1))
        own = self_value.get(name, 0.0)
        # an edge's share of the callee: scale the callee's self cost by the edge fraction
        total = inclusive_value.get(name, 0.0)
        frac = value / total if total > 0 else 1.0
        return CallNode(name=name, self_value=own * min(frac, 1.0), inclusive_value=value,
                        children=tuple(kids))

    top = [expand(r, inclusive_value.get(r, 0.0), frozenset({r}), 1) for r in roots]
    total = sum(n.inclusive_value for n in top)
    return CallNode(name=ROOT_NAME, inclusive_value=total, children=tuple(top)), truncated[0]


_PERF_BRANCH = re.compile(
    r"(?P<lead>[|\s]*?)(?P<mark>[|\s])--(?P<pct>\d+(?:\.\d+)?)%--(?P<name>\S.*)$")


@dataclass
class _Open:
    name: str
    col: int
    value: float
    children: list[_Open]


def perf_graph_tree(lines: Sequence[str], entry_share: float) -> CallNode | None:
    """The call graph ``perf report --stdio --children`` prints under one entry, as a tree.

    A chain starts with ``---name``; each next plain line at the same column is a callee of
    the line above; ``|--P%--name`` (or `` --P%--name``) branches from the node whose name
    starts at the column of the ``|`` (or the blank). Values are shares of the total (perf's
    default graph mode prints absolute percentages); a chain line without its own percentage
    carries its branch's."""
    nodes: list[_Open] = []  # every node, for finding a parent by column
    root: _Open | None = None
    last: _Open | None = None
    for raw in lines:
        line = raw.rstrip()
        body = line.strip()
        if not body or set(body) <= {"|", " "}:
            continue
        if body.startswith("---") and root is None:
            col = line.index("---") + 3
            root = last = _Open(body[3:].strip(), col, entry_share, [])
            nodes.append(root)
            continue
        if root is None or last is None:
            continue
        m = _PERF_BRANCH.match(line)
        if m:
            pcol = m.start("mark")
            parent = next((n for n in reversed(nodes) if n.col == pcol), None)
            if parent is None:
                continue
            node = _Open(m["name"].strip(), m.start("name"), float(m["pct"]) / 100, [])
            parent.children.append(node)
            nodes.append(node)
            last = node
            continue
        col = len(line) - len(line.lstrip())
        if col == last.col and "--" not in body:  # the chain goes on: a callee of the last
            node = _Open(body, col, last.value, [])
            last.children.append(node)
            nodes.append(node)
            last = node
    if root is None:
        return None

    def freeze(n: _Open) -> CallNode:
        kids = tuple(freeze(c) for c in n.children)
        own = max(n.value - sum(k.inclusive_value for k in kids), 0.0)
        return CallNode(n.name, self_value=own, inclusive_value=n.value, children=kids)

    return freeze(root)
