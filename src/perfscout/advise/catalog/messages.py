"""Where the per-element message loop of a small-messages finding is in the user's code.

A run that spends its time in MPI has its samples in the library (progress engine, transport),
not on the loop that calls it, so the loop is looked for the way :func:`block_loop` looks for a
rank loop: at the hot source lines first, else among the loops of the project those lines are in
that call a point-to-point function; the transform stage's generator decides (no packed change,
no scope).
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.common import generated_at_hot_line, source_hot_lines
from perfscout.advise.facts import Facts, project_root_of
from perfscout.transform import Generated, generate
from perfscout.transform.mpipack import NAME, message_loops


def message_loop(facts: Facts) -> tuple[str, str] | None:
    """(``path:line`` of a message loop the transform stage packs, its note); None when the
    profiles name no readable source or no such loop is legal to pack."""
    hot = generated_at_hot_line(facts, NAME)
    if hot is not None:
        return hot[0], hot[1].note
    roots: list[Path] = []
    for path, _line, _text in source_hot_lines(facts):
        r = project_root_of(Path(path))
        if r not in roots:
            roots.append(r)
    for root in roots:
        for rel, line in message_loops(root):
            got = generate(NAME, (root / rel).read_text(errors="replace"), rel, line, root=root)
            if isinstance(got, Generated):
                return f"{root / rel}:{line}", got.note
    return None
