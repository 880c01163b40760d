"""Where an MPI program's block decomposition is written, for ``rebalance_decomposition``.

The imbalance finding says *that* ranks wait for the slowest; this finds the loop that gives
each rank its contiguous block (bounds computed from the rank) in the project's C/C++
sources and lets the transform stage deal it round-robin. Only a loop the generator accepts
(its results reach a reduction, nothing is placed by block position) is named."""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import source_hot_lines
from perfscout.advise.facts import Facts, project_root_of
from perfscout.transform import Generated, generate
from perfscout.transform.cyclic import rank_loops


def block_loop(facts: Facts) -> tuple[str, str] | list[str]:
    """(``path:line`` of the block-decomposed loop, the generated change's note); else the
    refusals met (empty when the profile names no readable source or no rank loop exists)."""
    roots: list[Path] = []
    for path, _line, _text in source_hot_lines(facts):
        r = project_root_of(Path(path))
        if r not in roots:
            roots.append(r)
    why: list[str] = []
    for root in roots:
        for rel, line in rank_loops(root):
            got = generate("rebalance_decomposition", (root / rel).read_text(errors="replace"),
                           rel, line, root=root)
            if isinstance(got, Generated):
                return f"{root / rel}:{line}", got.note
            why.append(f"{rel}:{line}: {got.reason}")
    return why
