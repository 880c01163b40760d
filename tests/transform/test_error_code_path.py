"""error_code_path: a lookup whose miss is caught as ``std::out_of_range`` becomes a test-first
branch, on the own programs of tests/transform/data/exccode: a sparse spatial hash over a
header's ``unordered_map`` (spatial/, three files, the key computed in the try body before the
lookup), a ``std::map`` of settings with a default in the handler (config.cpp), a stencil
whose edges are ``vector::at`` caught by ``catch (...)`` with a ``continue`` (bounds.cpp), a
member table returning from the try and a brace-less loop over a vector through a pointer
(members.cpp), one key read three times (tally.cpp), two tries in one scope (pair.cpp).
Each is built before and after with the real g++, linked in the test build only
with ``-Wl,--wrap=__cxa_throw`` and libstdc++ static (so the throws from inside the library
go through the wrapper, throwcount.cpp): the same output, and the rewritten program throws
nothing. Refused, each with its reason (refuse.cpp): the handler uses ``e.what()``, a second
call that throws, two containers, a rethrow, ``std::stod``, a lookup under an ``if``, the key
written first, a stream write before the lookup, another exception type, ``catch (...)`` with
a call that may allocate."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import line_of

DATA = Path(__file__).parent / "data" / "exccode"


def _gen(root: Path, rel: str, needle: str) -> Generated | Refusal:
    text = (root / rel).read_text()
    return generate("error_code_path", text, rel, line_of(text, needle), root=root)


def _run(work: Path, sources: list[str], args: list[str]) -> tuple[str, int]:
    """(stdout, exceptions thrown) of the program built from ``sources`` in ``work``."""
    gxx = require_tool("g++")
    cmd = [gxx, "-O2", "-std=c++17", "-Wall", "-Werror", "-static-libstdc++",
           "-static-libgcc", "-o", "prog", *sources, str(DATA / "throwcount.cpp"),
           "-Wl,--wrap=__cxa_throw"]
    b = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=300)
    assert b.returncode == 0, b.stderr
    r = subprocess.run(["./prog", *args], cwd=work, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    found = re.search(r"throws (\d+)", r.stderr)
    assert found is not None, r.stderr
    return r.stdout, int(found.group(1))


def _same_output_no_throw(tmp_path: Path, src: Path, rel: str, g: Generated,
                          sources: list[str], args: list[str]) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    shutil.copytree(src, before)
    shutil.copytree(src, after)
    (after / rel).write_text(g.new_text)
    out0, thrown0 = _run(before, sources, args)
    out1, thrown1 = _run(after, sources, args)
    assert out1 == out0 and out0.strip(), (out0, out1)
    assert thrown0 > 0  # the original pays an exception per miss
    assert thrown1 == 0, thrown1  # the rewritten one tests first


def test_spatial_hash_in_a_header_tests_each_cell_first(tmp_path: Path) -> None:
    root = DATA / "spatial"
    g = _gen(root, "main.cpp", "grid.cells.at(key)")
    assert isinstance(g, Generated), g
    # the key's statement still runs first; the find follows it, in a block of its own
    assert re.search(r"\{\n\s+const long key = cell_key\(.*\);\n\s+auto it = "
                     r"grid\.cells\.find\(key\);\n\s+if \(it != grid\.cells\.end\(\)\) \{\n"
                     r"\s+const std::vector<int>& members = it->second;", g.new_text), g.diff
    assert "try" not in g.new_text and "catch" not in g.new_text
    assert "} else {\n                ++empty;\n              }" in g.new_text
    _same_output_no_throw(tmp_path, root, "main.cpp", g, ["main.cpp", "grid.cpp"],
                          ["3000", "1"])


def test_the_loop_line_leads_to_the_try_in_it() -> None:
    g = _gen(DATA / "spatial", "main.cpp", "for (long dx = -1; dx <= 1; ++dx)")
    assert isinstance(g, Generated), g
    assert "grid.cells.find(key)" in g.new_text


def test_settings_map_default_in_the_handler(tmp_path: Path) -> None:
    g = _gen(DATA, "config.cpp", "v = cfg.at(name);")
    assert isinstance(g, Generated), g
    assert "  auto it = cfg.find(name);\n  if (it != cfg.end()) {\n    v = it->second;\n" \
           "  } else {\n    v = fallback;\n  }" in g.new_text
    _same_output_no_throw(tmp_path, DATA, "config.cpp", g, ["config.cpp"], ["20000"])
    # the loop in main calling setting() leads to the same change
    called = _gen(DATA, "config.cpp", "sum += setting(cfg, name,")
    assert isinstance(called, Generated) and called.new_text == g.new_text, called


def test_vector_at_becomes_a_bound_test_and_continue_stays(tmp_path: Path) -> None:
    g = _gen(DATA, "bounds.cpp", "acc += vals.at(")
    assert isinstance(g, Generated), g
    assert "if (static_cast<std::size_t>(i + d * (s % 3 + 1)) < vals.size()) {\n" \
           "          acc += vals[i + d * (s % 3 + 1)] * w[d + 2];" in g.new_text
    assert "} else {\n          ++outside;\n          continue;\n        }" in g.new_text
    _same_output_no_throw(tmp_path, DATA, "bounds.cpp", g, ["bounds.cpp"], ["500", "6"])


def test_a_member_table_and_a_pointer_in_a_braceless_loop(tmp_path: Path) -> None:
    g = _gen(DATA, "members.cpp", "return table_.at(k);")
    assert isinstance(g, Generated), g
    assert "return it->second;" in g.new_text
    text = g.new_text  # then the second try, on the text the first change left
    g2 = generate("error_code_path", text, "members.cpp", line_of(text, "s += p->at(i)"),
                  root=DATA)
    assert isinstance(g2, Generated), g2
    assert "    if (static_cast<std::size_t>(i) < p->size()) {\n      s += (*p)[i] * 2;" \
        in g2.new_text
    _same_output_no_throw(tmp_path, DATA, "members.cpp", g2, ["members.cpp"], ["3000"])


@pytest.mark.parametrize(("anchor", "reason"), [
    ('printf("missing', "the handler uses the exception object e at line 19 (e.what())"),
    ("v += parse_level(raw);", "parse_level() at refuse.cpp:119 throws (refuse.cpp:10)"),
    ("v = m.at(k) + parse_level(raw);", "parse_level(raw) (line 27) is in the lookup's "
                                        "statement and may run before it throws"),
    ("v = m.at(k) * u.at(k);", ".at() appears with different containers or keys"),
    ("++misses;", "the handler throws or rethrows at line 50"),
    ("std::stod(m.at(k))", "std::stod() at refuse.cpp:58 may throw std::out_of_range too"),
    ("if (want) v = m.at(k);", "the first lookup (line 68) is inside an if"),
    ("k += 1;", "k += 1 at line 78 writes the container or the key"),
    ('std::cout << "value "', "may write to a stream before the lookup throws"),
    ("catch (const std::runtime_error&)", "catches std::runtime_error, not the "
                                          "std::out_of_range"),
    ("log.push_back(v);", "log.push_back() at refuse.cpp:108 may throw what catch (...) "
                          "catches"),
])
def test_refused_with_the_reason(anchor: str, reason: str) -> None:
    r = _gen(DATA, "refuse.cpp", anchor)
    assert isinstance(r, Refusal), r
    assert reason in r.reason, r.reason


@pytest.mark.parametrize(("body", "reason"), [
    ("std::string tag = \"x\";\n    v = m.at(k);", "declares a std::string before the lookup"),
    ("double w = 2.0;\n    v = m.at(k) * w;", "the handler reads w, which the statements "
                                              "before the lookup declare"),
    ("v = m.at(k);\n    if (v > 1) goto out;", "its body jumps with goto"),
])
def test_statements_before_the_lookup_and_jumps(body: str, reason: str) -> None:
    text = ("#include <map>\n#include <stdexcept>\n#include <string>\n"
            "double f(const std::map<int, double>& m, int k, double w) {\n  double v = 0;\n"
            f"  try {{\n    {body}\n  }} catch (const std::out_of_range&) {{\n    v = w;\n  }}\n"
            "out:\n  return v;\n}\n")
    r = generate("error_code_path", text, "f.cpp", line_of(text, "m.at(k)"))
    assert isinstance(r, Refusal), r
    assert reason in r.reason, r.reason


def test_not_cpp_and_no_try() -> None:
    r = generate("error_code_path", "int f(int x) { return x; }\n", "f.c", 1)
    assert isinstance(r, Refusal) and "is not C++" in r.reason
    r = generate("error_code_path", "int f(int x) {\n  return x;\n}\n", "f.cpp", 2)
    assert isinstance(r, Refusal) and "no try statement" in r.reason


def test_references_under_catch_all_lambdas_and_shadowed_names() -> None:
    text = (
        "#include <map>\n#include <stdexcept>\n#include <vector>\n"
        "double f(const std::map<int, double>& m, int k) {\n  double v = 0;\n"
        "  try {\n    const double& r = m.at(k);\n    v = r;\n"
        "  } catch (...) {\n    v = -1;\n  }\n  return v;\n}\n"
        "double g(const std::map<int, double>& m, int k) {\n  double v = 0;\n"
        "  try {\n    v = m.at(k);\n    auto h = [&]() { return m.at(k); };\n    v += h();\n"
        "  } catch (...) {\n    v = -1;\n  }\n  return v;\n}\n"
        "double q(int k) {\n  double v = 0;\n"
        "  { std::vector<double> m(3); v = m[0]; }\n"
        "  { std::map<int, double> m; try { v = m.at(k); } catch (...) { v = 1; } }\n"
        "  return v;\n}\n")
    ok = generate("error_code_path", text, "t.cpp", line_of(text, "const double& r"))
    assert isinstance(ok, Generated), ok  # binding a reference constructs nothing
    assert "const double& r = it->second;" in ok.new_text
    lam = generate("error_code_path", text, "t.cpp", line_of(text, "auto h = [&]"))
    assert isinstance(lam, Refusal) and "is in a lambda" in lam.reason, lam
    two = generate("error_code_path", text, "t.cpp", line_of(text, "try { v = m.at(k); }"))
    assert isinstance(two, Refusal), two
    assert "m is declared with different types (index, map)" in two.reason


def test_a_function_try_block_and_the_programs_own_out_of_range() -> None:
    text = ("#include <map>\n#include <stdexcept>\n"
            "namespace mylib { struct out_of_range {}; }\n"
            "int f(const std::map<int, int>& m, int k) try {\n  return m.at(k);\n"
            "} catch (const std::out_of_range&) {\n  return -1;\n}\n"
            "int g(const std::map<int, int>& m, int k) {\n  try {\n    return m.at(k);\n"
            "  } catch (const mylib::out_of_range&) {\n    return -1;\n  }\n}\n")
    r = generate("error_code_path", text, "t.cpp", 5)
    assert isinstance(r, Refusal) and "is a function-try-block" in r.reason, r
    r = generate("error_code_path", text, "t.cpp", 11)
    assert isinstance(r, Refusal), r
    assert "catches mylib::out_of_range, not the std::out_of_range" in r.reason


@pytest.mark.parametrize(("check", "legal"), [
    ("if (a.v + b.v > 100) throw std::out_of_range(\"sum\");", False),
    ("(void)a; (void)b;", True),
])
def test_an_overloaded_operator_of_the_program_that_may_throw(check: str, legal: bool) -> None:
    text = ("#include <map>\n#include <stdexcept>\n"
            "struct Amount { int v; };\n"
            f"Amount operator+(Amount a, Amount b) {{\n  {check}\n  return {{a.v + b.v}};\n}}\n"
            "Amount total(const std::map<int, Amount>& m, int k, Amount base) {\n"
            "  Amount s = base;\n  try {\n    s = m.at(k) + base;\n"
            "  } catch (const std::out_of_range&) {\n    s = base;\n  }\n  return s;\n}\n")
    g = generate("error_code_path", text, "t.cpp", line_of(text, "s = m.at(k) + base;"))
    assert isinstance(g, Generated) is legal, g
    if not legal:
        assert isinstance(g, Refusal)
        assert "m.at(k) + base at line 11 may call operator+ at t.cpp:4, which throws" \
            in g.reason, g.reason


def test_the_same_key_read_twice_through_one_find(tmp_path: Path) -> None:
    g = _gen(DATA, "tally.cpp", "seen.at(k) += i;")
    assert isinstance(g, Generated), g
    assert "3 lookup(s) read through it" in g.note
    assert "      it->second += i;\n      if (it->second > 1000) it->second -= 1000;" \
        in g.new_text
    _same_output_no_throw(tmp_path, DATA, "tally.cpp", g, ["tally.cpp"], [])


def test_two_tries_in_one_scope_get_two_iterators(tmp_path: Path) -> None:
    g = _gen(DATA, "pair.cpp", "double s = 0;")
    assert isinstance(g, Generated), g
    assert "auto it = a.find(k);" in g.new_text and "auto hit = b.find(k + 1);" in g.new_text
    _same_output_no_throw(tmp_path, DATA, "pair.cpp", g, ["pair.cpp"], [])


def test_a_dot_h_header_is_read_as_cpp() -> None:
    text = ("#pragma once\n#include <stdexcept>\n#include <unordered_map>\n"
            "inline int level(const std::unordered_map<int, int>& m, int k) {\n"
            "  try {\n    return m.at(k);\n  } catch (const std::out_of_range&) {\n"
            "    return 0;\n  }\n}\n")
    g = generate("error_code_path", text, "levels.h", line_of(text, "return m.at(k);"))
    assert isinstance(g, Generated), g
    assert "  auto it = m.find(k);\n  if (it != m.end()) {\n    return it->second;\n" \
        "  } else {\n    return 0;\n  }" in g.new_text
