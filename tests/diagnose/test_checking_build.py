"""A program left in a debug/checking configuration (model/checking.py): read from the build
log's compile lines (make's echo of real builds made here) and from a perf profile of the
_GLIBCXX_DEBUG program; the release_build proposal removes exactly the words found, and a
release build with its own defines (-DNDEBUG -DUSE_FAST) gives no such finding."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfscout.model.checking import checking_words, is_checking_symbol
from perfscout.pipeline.analyze import analyze

DATA = Path(__file__).parent / "data" / "checkbuild"


def _checking(files: list[str]):  # type: ignore[no-untyped-def]
    a = analyze([DATA / f for f in files])
    got = [f for f in a.findings if f.id == "app.redundant_work"
           and any(e.metric in ("build.checking_flags", "checking.share") for e in f.evidence)]
    return a, got


@pytest.mark.parametrize("log,words", [
    ("cxx-debug-make.log", ("-D_GLIBCXX_DEBUG", "-O0")),
    ("f90-bounds-make.log", ("-fcheck=bounds",)),
    ("c-asan-make.log", ("-fsanitize=address",)),
])
def test_a_checking_build_log_gives_the_finding_and_the_proposal(log: str,
                                                                 words: tuple[str, ...]) -> None:
    a, got = _checking([log])
    assert len(got) == 1, [f.id for f in a.findings]
    ev = next(e for e in got[0].evidence if e.metric == "build.checking_flags")
    assert ev.value == len(words) and all(w in ev.quote for w in words)
    p = next(p for p in a.proposals if p.id == "release_build")
    assert p.change is not None and p.change.remove == words
    # an -O0 taken away is replaced by -O2; the other words are only removed
    assert p.change.flags == (("-O2",) if "-O0" in words else ())
    assert p.risk is not None and "keep a checking build" in p.risk.reason
    # the flags that are not checks stay: -g, -fno-omit-frame-pointer, -DNPART, -DBLOCK
    assert not {"-g", "-fno-omit-frame-pointer", "-DNPART=3000", "-DBLOCK=64"} & set(
        p.change.remove)
    # the checks are no repeated call: no hoisting advice for them
    assert "hoist_invariant" not in {q.id for q in a.proposals}


def test_the_profile_share_in_checking_code_is_the_measured_quantity() -> None:
    """perf report of the -O0 -D_GLIBCXX_DEBUG program: the rows in __gnu_debug:: and
    std::__debug:: (template arguments left out) hold 46% of the samples; with the build log
    two families agree and the finding is confirmed."""
    a, got = _checking(["cxx-debug-make.log", "cxx-debug-perf-report.txt"])
    (f,) = got
    share = next(e for e in f.evidence if e.metric == "checking.share")
    assert share.value == pytest.approx(0.4603, abs=1e-4)
    assert f.status == "confirmed"
    assert any(p.id == "release_build" for p in a.proposals)


def test_a_profile_alone_names_no_flag_and_gets_no_proposal() -> None:
    a, got = _checking(["cxx-debug-perf-report.txt"])
    (f,) = got
    assert f.status == "hypothesis" and f.limits
    assert "release_build" not in {p.id for p in a.proposals}


def test_a_release_build_with_its_own_defines_is_no_checking_build() -> None:
    a, got = _checking(["c-release-make.log", "c-release-perf-report.txt"])
    assert got == [] and "release_build" not in {p.id for p in a.proposals}
    build = next(p for p in a.profiles if p.format == "build-log")
    assert build.meta["defines"] == "-DNDEBUG -DUSE_FAST" and "checking" not in build.meta


def test_which_words_and_symbols_are_checks() -> None:
    assert checking_words(["-O2", "-DNDEBUG", "-DUSE_FAST", "-g", "-march=native"]) == []
    assert checking_words(["-O0", "-O2"]) == []  # the last level decides
    assert checking_words(["-Og", "-D_GLIBCXX_ASSERTIONS", "-D_LIBCPP_DEBUG=1", "-ftrapv",
                           "-fcheck=all", "-fstack-protector-all", "-fno-inline",
                           "-fsanitize=undefined"]) == [
        "-D_GLIBCXX_ASSERTIONS", "-D_LIBCPP_DEBUG=1", "-ftrapv", "-fcheck=all",
        "-fstack-protector-all", "-fno-inline", "-fsanitize=undefined", "-Og"]
    assert is_checking_symbol("__gnu_debug::_Safe_iterator_base::_M_singular")
    assert is_checking_symbol("__asan_report_load8") and is_checking_symbol("__ubsan_handle_x")
    assert is_checking_symbol("_gfortran_runtime_error_at")
    assert is_checking_symbol("__stack_chk_fail")
    assert not is_checking_symbol(
        "__gnu_cxx::__normal_iterator<double*, std::__cxx1998::vector<double> >::operator+")
    assert not is_checking_symbol("std::make_pair<long, __gnu_debug::_Distance_precision>")
