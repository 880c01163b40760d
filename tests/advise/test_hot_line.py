"""Where a proposal's change goes: the hot line of the code it acts on, from whatever input has
lines (issue 22, bullet 6; issue 16 uses the same ``path:line`` for generated diffs).

The fixtures in ``data/hotline`` are real tool outputs made by ``data/hotline/make.sh`` from
``callpow.c``: ``work()`` calls libm's ``pow`` at line 9 (most of the run is inside libm),
``scale()`` runs its own loop at line 17; ``main`` calls atoi at lines 23 and 30 and malloc
(three call instructions) at line 24.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.advise.conftest import PolicyCheck, finding

from perfscout.advise import advise, aim_at_hot_line
from perfscout.advise.facts import Facts, split_function_scope
from perfscout.ingest.registry import load
from perfscout.model.metrics import Hotspot, Profile
from perfscout.model.proposals import Proposal

DATA = Path(__file__).parent / "data" / "hotline"
POW = "__ieee754_pow_fma"  # libm's routine that holds ~70% of the run


def _facts(*names: str) -> Facts:
    profiles: list[Profile] = [load(DATA / n) for n in names]
    return Facts.build([], None, profiles)


def test_a_libm_routine_is_scoped_to_the_calling_line_from_callgrind_call_costs() -> None:
    # callgrind_annotate prints "=> pow@@GLIBC_2.29 (40,000x)" under line 9, and names no
    # module for __ieee754_pow_fma: the call costs more than the routine's own time
    t = _facts("callgrind-annotate.txt").target_line(POW)
    assert t.where == "callpow.c:9"
    assert "pow@@GLIBC_2.29" in t.how


def test_a_libm_routine_is_scoped_to_the_calling_line_from_perf_dwarf_call_chains() -> None:
    # the chain runs _start, libc start-up frames, main callpow.c:29, work callpow.c:9, then
    # an inlined frame of libm: the innermost frame of the program is the call in work()
    t = _facts("perf-report-callers.txt").target_line(POW)
    assert t.where == "callpow.c:9"
    assert "call chain" in t.how


def test_objdump_dl_gives_each_lines_call_instructions() -> None:
    got = {(Path(m.scope.name).name, m.scope.parent): m.value
           for m in load(DATA / "objdump-dl.txt").metrics if m.name == "callsite.call_insns"}
    assert got[("callpow.c:9", "pow@plt")] == 1
    assert got[("callpow.c:24", "malloc@plt")] == 3
    assert got[("callpow.c:29", "work")] == 1
    assert ("callpow.c:23", "atoi@plt") in got and ("callpow.c:30", "atoi@plt") in got


def test_a_libm_routine_is_scoped_to_the_one_line_calling_its_library_in_the_disassembly(
) -> None:
    # objdump -dl: work() calls pow@plt at line 9; the flat profile places pow and
    # __ieee754_pow_fma in libm.so.6
    t = _facts("objdump-dl.txt", "perf-report-flat.txt").target_line(POW)
    assert t.where is not None and t.where.endswith("/callpow.c:9")
    assert "objdump -dl" in t.how
    # without a profile that places the routine in a library, the call is not linked to it
    assert _facts("objdump-dl.txt").target_line(POW).where is None


def test_a_routine_called_from_several_lines_gets_no_line_from_a_disassembly() -> None:
    # atoi is called at lines 23 and 30: the disassembly cannot say which call is hot
    row = Profile("perf-report", "rows", hotspots=(
        Hotspot("atoi", self_share=0.6, module="libc.so.6"),))
    f = Facts.build([], None, [load(DATA / "objdump-dl.txt"), row])
    t = f.target_line("atoi")
    assert t.where is None
    assert "2 lines" in t.how and "callpow.c:23" in t.how and "callpow.c:30" in t.how


def test_no_line_is_invented_when_no_input_has_one() -> None:
    # a flat perf report names libm's routine and the program's functions, no source line
    f = _facts("perf-report-flat.txt")
    for scope in (POW, "work", "main"):
        t = f.target_line(scope)
        assert t.where is None, scope
    assert "scoped to the function" in f.target_line("work").how
    # the libm routine is never the scope: with no caller in any input, the program's own
    # hottest function, said to be only that
    p = aim_at_hot_line(Proposal(id="hoist_invariant", kind="source", scope=POW), f)
    assert p.scope == f.own_hottest() and p.scope != POW and not f.foreign(p.scope)
    assert any("not the program's code" in e and "no input names its caller" in e
               for e in p.evidence)


def test_the_own_loop_is_the_hottest_line_of_its_function() -> None:
    # perf annotate -l of scale: 86% on line 17, 14% on line 16 (the loop header)
    t = _facts("perf-annotate-scale.txt", "perf-report-flat.txt").target_line("scale")
    assert t.where == "callpow.c:17"
    assert "perf-annotate" in t.how
    # gprof -l's line-level flat profile ("scale (callpow.c:17 @ 123e)") says the same
    assert _facts("gprof-lines.txt").target_line("scale").where == "callpow.c:17"


def test_a_library_routine_never_takes_the_program_lines_of_another_function() -> None:
    # perf annotate has lines of scale only; the libm routine is not in them and has no caller
    # line: it stays a function (it used to take the hottest annotated line)
    t = _facts("perf-annotate-scale.txt", "perf-report-flat.txt").target_line(POW)
    assert t.where is None


def test_lines_of_another_function_are_never_taken_for_this_one() -> None:
    # the flat report knows work(); perf annotate has lines of scale() only
    f = _facts("perf-annotate-scale.txt", "perf-report-flat.txt")
    assert f.target_line("work").where is None
    # a finding about "the code" (no function) takes the hottest line there is
    assert f.target_line("the code").where == "callpow.c:17"


@pytest.mark.parametrize(("scope", "fn", "line"), [
    ("getenv at _src/envcheck.c:18", "getenv", "_src/envcheck.c:18"),
    ("main line 15", "main", None),
    ("/abs/src/relax.F90:27", "", "/abs/src/relax.F90:27"),
    ("re_compile_internal", "re_compile_internal", None),
])
def test_scopes_split_into_function_and_line(scope: str, fn: str, line: str | None) -> None:
    assert split_function_scope(scope) == (fn, line)


def test_flag_changes_name_the_function_never_a_line() -> None:
    f = _facts("perf-annotate-scale.txt")
    p = aim_at_hot_line(Proposal(id="compiler_opt_level", kind="flags", scope="scale line 17"), f)
    assert p.scope == "scale"


def test_advise_scopes_every_source_change_at_the_line_and_says_why(policy: PolicyCheck) -> None:
    # the full advise on the DWARF call chains: hoist_invariant for the repeated pow names
    # the calling line, and its evidence says which input named it
    f = finding("app.redundant_work", scope=POW)
    adv = advise([f], None, [load(DATA / "perf-report-callers.txt")], policy_check=policy)
    hoist = next(p for p in adv.proposals if p.id == "hoist_invariant")
    assert hoist.scope == "callpow.c:9"
    assert any(e.startswith("target: callpow.c:9") for e in hoist.evidence)


def test_measured_super_linear_growth_gets_an_algorithm_change_at_the_hot_line(
        policy: PolicyCheck) -> None:
    # alg.complexity had no proposal unless the nest was a dense product; now the change of
    # algorithm is offered, aimed at the hottest line of the function the time is in
    f = finding("alg.complexity", scope="scale")
    adv = advise([f], None, [load(DATA / "perf-annotate-scale.txt")], policy_check=policy)
    alg = next(p for p in adv.proposals if p.id == "replace_algorithm")
    assert alg.scope == "callpow.c:17"
    assert alg.kind == "source" and "scale" in alg.title
