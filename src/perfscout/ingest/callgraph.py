"""Turn a caller->callee graph (gprof, callgrind) into a bounded :class:`CallNode` tree.

Graph formats give edges, not paths; the tree expands every edge under each caller, cutting
recursion (a function already on the path) and stopping after ``max_nodes`` nodes so a large
graph never explodes into an unbounded tree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from perfscout.model.metrics import CallNode

ROOT_NAME = "<program>"


@dataclass(frozen=True)
class Edge:
    caller: str
    callee: str
    value: float  # inclusive cost of callee attributed to this caller
    calls: int | None = None


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
