"""Calls through std::function as one library family (diagnose/libwork.py): libstdc++'s and
libc++'s invokers count, with the program's callable they name when it was not inlined into
them; a std::regex matcher's invoker is the match itself (not counted); a callable's own row
without an invoker beside it is the program's code."""

from __future__ import annotations

from tests.diagnose.build import hot, prof

from perfscout.diagnose.libwork import family_of, family_shares
from perfscout.model.metrics import Hotspot

INVOKER = ("std::_Function_handler<double (double), Flux>::_M_invoke(std::_Any_data const&, "
           "double&&)")


def test_invokers_of_the_programs_callables_are_indirect_calls() -> None:
    for name in (INVOKER,
                 "std::_Function_handler<double (double), main::{lambda(double)#1}>::_M_invoke",
                 "std::_Function_handler<double (double, double), double (*)(double, double)>"
                 "::_M_invoke",
                 "std::__1::__function::__func<main::$_0, std::__1::allocator<main::$_0>, "
                 "double (double)>::operator()(double&&)"):
        assert family_of(Hotspot(name)) == "indirect calls", name
    for name in ("std::_Function_handler<bool (char), std::__detail::_BracketMatcher<"
                 "std::__cxx11::regex_traits<char>, false, false> >::_M_invoke",
                 "std::__1::__function::__func<std::__1::__bracket_expression<char>, "
                 "std::__1::allocator<char>, bool (char)>::operator()(char&&)",
                 "Flux::operator()(double) const", "sweep(std::vector<double>&)"):
        assert family_of(Hotspot(name)) == "", name


def test_the_callable_joins_its_invoker_and_not_alone() -> None:
    p = prof("perf_report", "r.txt", hotspots=(
        hot(INVOKER, 0.12, 1), hot("Flux::operator()(double) const", 0.20, 2),
        hot("Other::operator()(double) const", 0.30, 3), hot("sweep", 0.38, 4)))
    fs = family_shares(p)["indirect calls"]
    assert abs(fs.share - 0.32) < 1e-9
    assert [h.name for h, _ in fs.rows] == ["Flux::operator()(double) const", INVOKER]
    alone = prof("perf_report", "r.txt", hotspots=(
        hot("Flux::operator()(double) const", 0.6, 1), hot("sweep", 0.4, 2)))
    assert "indirect calls" not in family_shares(alone)
