"""Where the ``hoist_invariant`` generator can move a pure call out of its loop.

A profile names the callee's lines (``Series::mean``'s summing loop in series.cpp), not the
loop in another file that calls it once per element. :func:`hoisted_call` tries the
transform stage's ``hoist_invariant`` generator at the program's hot lines, the line the
finding's call chains name, and at every call inside a loop of the function holding each
hot line (:func:`perfscout.transform.hoistcall.loop_call_sites`), and returns the first
change it generates: the proposal is then scoped to that call and carries the diff's note.
"""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.catalog.calls import _lines
from perfscout.advise.catalog.generated import _relative_scope
from perfscout.advise.facts import Facts, project_root_of
from perfscout.model.findings import Finding
from perfscout.transform import Generated, generate
from perfscout.transform.hoistcall import WHAT, loop_call_sites

#: hot lines whose call sites are tried (each try parses the project's sources)
MAX_HOT_LINES = 5


def hoisted_call(facts: Facts, f: Finding) -> tuple[str, Generated] | None:
    """(``path:line`` of the call, the generated change) for the first hot line, or call of
    a hot line's function inside a loop, where ``hoist_invariant`` is generated; None when
    it is generated nowhere (no readable source, or every place refused)."""
    tried: set[tuple[str, int]] = set()
    for path, line, text in _lines(facts, f)[:MAX_HOT_LINES]:
        root = project_root_of(Path(path))
        sites = [(path, line, text)]
        for rel, ln in loop_call_sites(text, path, line, root):
            p = rel if Path(rel).is_absolute() or rel == path else str(root / rel)
            try:
                sites.append((p, ln, text if p == path else Path(p).read_text(
                    errors="replace")))
            except OSError:
                continue
        for p, ln, t in sites:
            if (p, ln) in tried:
                continue
            tried.add((p, ln))
            got = generate(WHAT, t, p, ln, root=root)
            if isinstance(got, Generated):
                return _relative_scope(p, ln), got
    return None


__all__ = ["hoisted_call"]
