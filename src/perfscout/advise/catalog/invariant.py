"""Where the ``hoist_invariant`` generator can move a pure call out of its loop.

A profile names the callee's lines (``Series::mean``'s summing loop in series.cpp), not the
loop in another file that calls it once per element. :func:`hoisted_call` tries the
transform stage's ``hoist_invariant`` generator at the program's hot lines, the line the
finding's call chains name, and at every call inside a loop of the function holding each
hot line (:func:`perfscout.transform.hoistcall.loop_call_sites`), and returns the first
change it generates: the proposal is then scoped to that call and carries the diff's note.
"""

from __future__ import annotations

from perfscout.advise.catalog.generated import generated_near
from perfscout.advise.facts import Facts
from perfscout.model.findings import Finding
from perfscout.transform import Generated
from perfscout.transform.hoistcall import WHAT, loop_call_sites


def hoisted_call(facts: Facts, f: Finding) -> tuple[str, Generated] | None:
    """(``path:line`` of the call, the generated change) for the first hot line, or call of
    a hot line's function inside a loop, where ``hoist_invariant`` is generated; None when
    it is generated nowhere (no readable source, or every place refused)."""
    return generated_near(facts, f, WHAT, loop_call_sites)


__all__ = ["hoisted_call"]
