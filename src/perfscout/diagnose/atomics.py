"""An atomic update in every loop of the hot code, read from a disassembly alone.

A static listing cannot say where the time goes, but it can say that the hot function cannot
run one iteration without a lock-prefixed read-modify-write (``#pragma omp atomic``, C11
``atomic_fetch_add``, a ``lock cmpxchg`` retry loop for a double): each one owns the cache line,
so threads sharing the target take turns on it. Used by ``rt.sync_contention`` (the cause) and
by the hardware rules, which yield to it: no vector width has an atomic read-modify-write, and
the integer divide that computes a thread's chunk runs once, not per iteration.
"""

from __future__ import annotations

from perfscout.diagnose.engine import Context, Located
from perfscout.diagnose.placement import placement
from perfscout.model.metrics import ScopeKind
from perfscout.model.symbols import OMP_OUTLINED

#: ``insn.lock_loop_share`` of a function whose every loop takes an atomic: the definition of
#: "every loop", not a judgement threshold (those live in diagnose/thresholds.py)
EVERY_LOOP = 1.0


def atomic_loop(ctx: Context) -> Located | None:
    """``insn.lock_loop_share`` of the hot function when every one of its loops holds an
    atomic and several threads run it (an OpenMP-outlined body, or a run asking for two or more
    threads); None otherwise. The hot function is the sampled one when a sampling profile
    exists, else the one function of a disassembly cut to it. A run that asked for one thread
    has no one to contend with."""
    from perfscout.diagnose.rules.hardware import _hot_function, _in_hot_code

    hot = _hot_function(ctx)
    found = [x for x in _in_hot_code(ctx, "insn.lock_loop_share", hot) if x.value >= EVERY_LOOP]
    if not found and hot is None:
        found = _parallel_bodies(ctx)
    if not found:
        return None
    for loc in found:
        if threaded(ctx, loc.metric.scope.name, unknown=False):
            return loc
    return None


def _parallel_bodies(ctx: Context) -> list[Located]:
    """A whole-program disassembly with no profile: its OpenMP-outlined bodies are the parallel
    work. When every one of them that loops takes an atomic in every loop, those bodies are
    returned; one lock-free parallel loop leaves the hot code unknown (an empty list)."""
    out: list[Located] = []
    for p in {id(x.profile): x.profile for x in ctx.all("insn.lock_loop_share")}.values():
        bodies = [x for x in ctx.all("insn.lock_loop_share", (ScopeKind.FUNCTION,))
                  if x.profile is p and OMP_OUTLINED.search(x.metric.scope.name)]
        if bodies and all(x.value >= EVERY_LOOP for x in bodies):
            out += bodies
    return out


#: the program's entry (C/C++ ``main``, gfortran's ``MAIN__``): one thread runs it; an OpenMP
#: region inside it is outlined into a function of its own
_ENTRY = frozenset({"main", "MAIN__", "_main"})


def threaded(ctx: Context, fn: str, *, unknown: bool) -> bool:
    """Whether several threads run function ``fn``: an OpenMP-outlined body does unless the
    run asked for one thread; the program's entry never does; otherwise a request for two or
    more threads says so, and ``unknown`` is the answer when nothing does."""
    wanted = placement(ctx).wanted
    if wanted is not None and wanted < 2:
        return False
    name = fn.split(" line ")[0].split("(")[0].strip()
    if OMP_OUTLINED.search(name):
        return True
    if name in _ENTRY:
        return False
    return wanted is not None or unknown

