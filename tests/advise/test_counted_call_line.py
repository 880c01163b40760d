"""A hot library routine's calling line from gcov's counts when no call graph was recorded:
gcov's annotated source gives ``callsite.count`` for each executed line that calls a routine
by name (``!=`` and comments are not calls), and a code change aimed at libm's
``__ieee754_exp_fma`` names the most executed line that calls ``exp`` — not the rarely taken
one, not a line guessed without gcov. Fixtures: ``data/gcov_calls/make.sh`` (real gcc
--coverage, gcov, perf)."""

from __future__ import annotations

from pathlib import Path

from perfscout.advise.facts import Facts
from perfscout.ingest import load
from perfscout.model.symbols import library_routine

D = Path(__file__).parent / "data" / "gcov_calls"


def test_gcov_counts_the_lines_that_call_a_routine_by_name() -> None:
    p = load(D / "decay.c.gcov")
    calls = {(m.scope.name, m.scope.parent): m.value for m in p.metrics
             if m.name == "callsite.count"}
    assert calls[("decay.c:13", "exp")] == 800000
    assert calls[("decay.c:15", "exp")] == 1999
    # the comment's "exp()" on line 1 ran no code, and "j != 0" on line 14 calls nothing
    assert not any(where in ("decay.c:1", "decay.c:2") for where, _ in calls)
    assert not any(where == "decay.c:14" for where, _ in calls)


def test_a_library_routine_is_aimed_at_the_most_executed_line_that_calls_it() -> None:
    facts = Facts.build([], None, [load(D / "perf-report.txt"), load(D / "decay.c.gcov")])
    t = facts.target_line("__ieee754_exp_fma")
    assert t.where == "decay.c:13", (t.where, t.how)
    assert "most executed line that calls exp" in t.how


def test_without_line_counts_no_calling_line_is_guessed() -> None:
    facts = Facts.build([], None, [load(D / "perf-report.txt")])
    assert facts.target_line("__ieee754_exp_fma").where is None


def test_library_symbols_name_the_routine_the_program_calls() -> None:
    assert [library_routine(n) for n in ("__ieee754_exp_fma", "exp@@GLIBC_2.29", "__cos_fma",
                                      "__memcmp_evex_movbe", "cosf")] == \
        ["exp", "exp", "cos", "memcmp", "cosf"]


def test_a_disassembly_naming_several_calling_lines_gives_way_to_the_counts() -> None:
    """objdump -dl lists calls of exp on two lines and cannot say which is hot: gcov's counts
    place it (before, the disassembly's undecided answer ended the search)."""
    from perfscout.model.metrics import Metric, Profile, Scope, ScopeKind

    insns = Profile("objdump", "dis.txt", metrics=tuple(
        Metric("callsite.call_insns", 1.0, "count",
               Scope(ScopeKind.CALLSITE, f"decay.c:{ln}", parent="exp@plt"))
        for ln in (13, 15)))
    facts = Facts.build([], None, [load(D / "perf-report.txt"), insns, load(D / "decay.c.gcov")])
    t = facts.target_line("__ieee754_exp_fma")
    assert t.where == "decay.c:13", (t.where, t.how)
    alone = Facts.build([], None, [load(D / "perf-report.txt"), insns])
    assert alone.target_line("__ieee754_exp_fma").where is None
