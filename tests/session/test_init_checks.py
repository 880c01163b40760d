"""A program that prints only its time still gets a correctness check: init finds the dump
switch (a macro, an argument) or the output file that shows its results; where there is none
it says so, and a faster variant is then ``unchecked``, never a win."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml

from conftest import require_tool, run_cli
from perfscout.pipeline.init_check import NUM, argv_switches, dump_macros, find_check

PBMINI = Path(__file__).parent / "data" / "pbmini"
WRONG = ("--- a/kernel/atx.c\n+++ b/kernel/atx.c\n@@ -14,3 +14,3 @@\n"
         "     for (int j = 0; j < _PB_N; j++) tmp[i] = tmp[i] + A[i][j] * x[j];\n"
         "-    for (int j = 0; j < _PB_N; j++) y[j] = y[j] + A[i][j] * tmp[i];\n"
         "+    for (int j = 0; j < _PB_N; j++) y[j] = y[j] + 1.001 * A[i][j] * tmp[i];\n"
         "   }\n")


def _guarded(tmp: Path) -> Path:
    """pbmini with its dump only under ``#ifdef PB_DUMP_RESULTS`` (the suite's default)."""
    proj = tmp / "pbquiet"
    shutil.copytree(PBMINI, proj)
    src = proj / "kernel" / "atx.c"
    text = src.read_text()
    text = text.replace("  /* the arrays dumped", "#ifdef PB_DUMP_RESULTS\n  /* the arrays dumped")
    text = text.replace("==END   DUMP_ARRAYS==\\n\");\n",
                        "==END   DUMP_ARRAYS==\\n\");\n#endif\n")
    assert text.count("#ifdef PB_DUMP_RESULTS") == 1 and "#endif\n  free" in text
    src.write_text(text)
    return proj


def test_init_builds_with_the_dump_macro_for_the_check_and_catches_a_wrong_variant(
        tmp_path: Path, ps_home: Path) -> None:
    require_tool("make")
    proj = _guarded(tmp_path)
    out = run_cli("init", str(proj), "--out", str(tmp_path / "s.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert spec["check"]["kind"] == "tolerance" and spec["check"]["source"] == "stderr"
    assert spec["check"]["defines"] == {"PB_DUMP_RESULTS": ""}
    said = json.loads(out.stdout)["data"]["guessed"]
    assert any("-DPB_DUMP_RESULTS" in s and "check build" in s for s in said), said
    spec.update(repetitions=3, max_repetitions=3, warmup=0, variants=[
        {"name": "o3", "extra_flags": ["-O3"]}, {"name": "wrong", "patch": WRONG}])
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(spec))
    out = run_cli("experiment", "run", str(tmp_path / "s.yaml"), "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    res = {v["name"]: v for v in json.loads(out.stdout)["data"]["experiment"]["variants"]}
    assert res["o3"]["verdict"] not in ("invalid", "unchecked"), res["o3"]
    assert res["wrong"]["verdict"] == "invalid", res["wrong"]
    assert any("output differs" in r for r in res["wrong"]["reasons"])
    # the timed runs stay as shipped: built without the dump macro, they print no dump
    timed = [p for p in ps_home.rglob("o3/run.stderr") if "check" not in p.parts]
    assert timed and all("DUMP" not in p.read_text() for p in timed)
    checked = list(ps_home.rglob("check/o3/run.stderr"))
    assert checked and "BEGIN DUMP" in checked[0].read_text()


def test_init_says_when_nothing_shows_the_results(tmp_path: Path, ps_home: Path) -> None:
    require_tool("make")
    proj = _guarded(tmp_path)
    for f in proj.rglob("*.c"):  # a guard whose name says nothing of output: not a switch
        f.write_text(f.read_text().replace("PB_DUMP_RESULTS", "PB_EXTRA"))
    out = run_cli("init", str(proj), "--out", str(tmp_path / "s.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert spec["check"] == {"kind": "none"}
    said = json.loads(out.stdout)["data"]["guessed"]
    assert any("unchecked" in s and "no dump switch" in s for s in said), said


def test_switch_and_file_routes(tmp_path: Path) -> None:
    """Which macros and arguments count as a dump switch, and the route order: an output file
    the program writes first, then a macro, then an argument that makes more numbers appear."""
    (tmp_path / "m.c").write_text(
        '#include "cfg.h"\n#ifdef WITH_DUMP\n#endif\n#if defined(VERIFY_RESULT) && X\n#endif\n'
        '#ifdef USE_FAST\n#endif\n#ifdef PRINT_MAT\n#endif\n'
        'int main(int c, char **argv) { if (!strcmp(argv[1], "--print")) {} '
        'if (!strcmp(argv[1], "--fast")) {} FILE *f = fopen("out.dat", "w"); }\n')
    (tmp_path / "cfg.h").write_text("#define PRINT_MAT 1\n")
    assert dump_macros(tmp_path) == ["WITH_DUMP", "VERIFY_RESULT"]
    assert dump_macros(tmp_path, {"WITH_DUMP"}) == ["VERIFY_RESULT"]
    assert argv_switches(tmp_path) == ["--print"]
    tried: list[tuple[dict[str, str], tuple[str, ...]]] = []

    def probe(defines: dict[str, str], args: tuple[str, ...]) -> tuple[str, str] | None:
        tried.append((defines, args))
        return ("0.25\n", "") if defines else ("0.25\n1.5 2.5 3.5\n", "")

    ign = {"stdout": "^ *" + NUM + " *$", "stderr": ""}
    check, said = find_check(tmp_path, tmp_path, ("0.25\n", ""), probe, set(), ign)
    assert check == {"kind": "tolerance", "regex": NUM, "rel_tol": 1e-6, "source": "stdout",
                     "ignore": ign["stdout"], "args": ["--print"], "abs_tol": 0.15}
    assert tried == [({"WITH_DUMP": ""}, ()), ({"VERIFY_RESULT": ""}, ()), ({}, ("--print",)),
                     ({}, ("--print",))]  # run twice: the numbers must not change
    assert sum("no more numbers" in s for s in said) == 2
    runs = iter(range(100))

    def noisy(defines: dict[str, str], args: tuple[str, ...]) -> tuple[str, str] | None:
        return ("0.25\n", f"addr {next(runs)} 7 8\n") if args else ("0.25\n", "")

    check, said = find_check(tmp_path, tmp_path, ("0.25\n", ""), noisy, set(), ign)
    assert check is None and any("changes from run to run" in s for s in said), said
    (tmp_path / "out.dat").write_text("1.0 2.0\n")
    check, _ = find_check(tmp_path, tmp_path, ("0.25\n", ""), probe, set(), ign)
    assert check == {"kind": "file", "file": "out.dat", "rel_tol": 1e-6}


def test_the_printed_precision_sets_the_absolute_tolerance() -> None:
    """A dump printed with two decimals cannot tell apart values closer than 0.01: a variant
    whose sums round the other way in the last printed digit is not wrong."""
    from perfscout.pipeline.init_check import printed_unit

    assert printed_unit("begin dump: C\n12.50 3.25 -0.75\n100.00\n") == 0.01
    assert printed_unit("1.234560e+02 3.5e-01\n") == 0.0
    assert printed_unit("7 8 9\n") == 0.0
    assert printed_unit("0.1234567 1.0000001\n") == 0.0


def test_a_dump_on_stderr_is_compared_to_its_printed_precision_without_timings() -> None:
    from perfscout.pipeline.init_program import Guess, read_errors

    g = Guess({})
    read_errors("==BEGIN DUMP_ARRAYS==\nbegin dump: C\n150.35 2.00 -3.10\nTime: 0.52 s\n", g)
    c = g.spec["check"]
    assert c["kind"] == "tolerance" and c["source"] == "stderr" and c["abs_tol"] == 0.015
    assert re.search(c["ignore"], "Time: 0.52 s") and not re.search(c["ignore"], "150.35 2.00")
    g = Guess({})
    read_errors("==BEGIN CHECKSUM==\nC: 1.2345678900e+05\n==END CHECKSUM==\n", g)
    # an exponent dump has no printed decimal unit: only the cancellation floor (1e-12 of its
    # largest value) is absolute
    assert g.spec["check"]["abs_tol"] == float(f"{1.23456789e5 * 1e-12:.6g}")
    assert "ignore" not in g.spec["check"]
