"""``perfscout init DIR`` reads a project it has never seen, runs it once, writes a spec that
works, and says what it guessed; the project directory is never written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from conftest import require_tool, run_cli

GRID = Path(__file__).parents[1] / "experiment" / "data" / "gridproj"


def test_init_reads_a_makefile_project_and_the_spec_runs(tmp_path: Path, ps_home: Path) -> None:
    require_tool("make")
    proj = tmp_path / "grid"
    shutil.copytree(GRID, proj)
    before = sorted(p.name for p in proj.rglob("*"))
    out = run_cli("init", str(proj), "--args", "3", "--out", str(tmp_path / "s.yaml"), "--json")
    d = json.loads(out.stdout)["data"]
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert spec["build"]["kind"] == "make" and spec["build"]["exe"] == "grid"
    assert spec["baseline"]["defines"] == {"N": "300"} and "-Iinclude" in spec["baseline"]["flags"]
    assert spec["metric"] == "time_s" and spec["direction"] == "lower"
    assert "Elapsed" in spec["measure"]["regex"] and "checksum" in spec["check"]["regex"]
    assert any(s.startswith("metric:") for s in d["guessed"])
    assert sorted(p.name for p in proj.rglob("*")) == before  # read-only
    again = run_cli("init", str(proj), "--out", str(tmp_path / "s.yaml"), "--json")
    assert again.returncode == 3 and "exists" in json.loads(again.stdout)["errors"][0]["message"]
    # the written spec drives a session up to the approval gate
    s = json.loads(run_cli("session", "start", "--spec", str(tmp_path / "s.yaml"),
                           "--confirm-platform", "--json").stdout)
    assert s["data"]["next"] == "approve", s


def test_init_times_a_silent_cmake_program(tmp_path: Path, ps_home: Path) -> None:
    require_tool("cmake")
    proj = tmp_path / "quiet"
    (proj / "src").mkdir(parents=True)
    (proj / "src" / "q.c").write_text(
        "int main(void) { volatile double s = 0; for (long i = 0; i < 20000000; i++) s += i;"
        " return 0; }\n")
    (proj / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.13)\n"
                                         "project(q C)\nadd_executable(quiet src/q.c)\n")
    out = run_cli("init", str(proj), "--out", str(tmp_path / "q.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "q.yaml").read_text())
    assert spec["build"] == {"kind": "cmake", "exe": "_perfscout_build/quiet", "target": "quiet"}
    assert spec["measure"] == {"source": "wall"} and spec["metric"] == "wall_s"
    assert spec["check"] == {"kind": "none"}
    said = json.loads(out.stdout)["data"]["guessed"]
    assert any("perfscout times the run" in s for s in said)


def test_init_refuses_what_is_not_a_project(tmp_path: Path, ps_home: Path) -> None:
    out = run_cli("init", str(tmp_path / "missing"), "--json")
    assert out.returncode == 3 and "not a directory" in json.loads(out.stdout)["errors"][0][
        "message"]
    (tmp_path / "empty").mkdir()
    out = run_cli("init", str(tmp_path / "empty"), "--json")
    assert out.returncode == 3 and "no Makefile" in json.loads(out.stdout)["errors"][0]["message"]


def test_makefile_variables_stop_at_the_end_of_their_line() -> None:
    """An empty `LDLIBS =` took the next line (the rule) as its value: the guessed build then
    linked 'heat: src/main.c ...' (found by the bench on heat2d)."""
    from perfscout.experiment.program import make_vars

    mv = make_vars("CFLAGS = -O2 -DN=1024\nLDLIBS =\n\nheat: src/main.c\n\t$(CC) -o heat\n")
    assert mv == {"CFLAGS": "-O2 -DN=1024", "LDLIBS": ""}


def test_output_lines_a_user_writes_are_read() -> None:
    """Timing lines in ms, a rate first on its line, a checksum beside the timing."""
    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    read_output("blur 1024x1024, 4 passes: 52.3 ms\n", g)
    assert g.spec["metric"] == "time_ms" and g.spec["measure"]["regex"].startswith("passes:")
    g = Guess({})
    read_output("kinetic energy: 4.8e+04\n108.2 M interactions/s (0.370 s)\n", g)
    assert g.spec["metric"] == "rate" and g.spec["direction"] == "higher"
    assert g.spec["measure"]["regex"].endswith("M interactions/s")
    assert g.spec["check"]["regex"].startswith("energy:")
    g = Guess({})
    read_output("[heat1d] ranks=2 steps=50  wall=2.8375s  total heat=1.97e+06\n", g)
    assert g.spec["metric"] == "time_s" and "wall=" in g.spec["measure"]["regex"]
    assert g.spec["check"]["regex"].startswith("total heat=")
    # NAS-style: 'Mop/s total' is the rate (the metric), never the checksum; no check is
    # guessed from these lines (the run-to-run comparison of every number does it)
    g = Guess({})
    read_output(" T =   1    5.04205804516003E+02    5.01806193689817E+02\n"
                " Time in seconds =     3.396\n Mop/s total     =    482.12\n", g)
    assert g.spec["metric"] == "rate" and "Mop/s" in g.spec["measure"]["regex"]
    assert "check" not in g.spec



def test_a_digit_inside_a_name_is_no_value() -> None:
    """A results table's header ``cycle  time (s)  E / E0  ...`` names its columns: the 0 of
    E0 is no timing (it was taken as one: every run measured 0 s), and the program's own timer
    line further down is the metric."""
    from perfscout.pipeline.init_program import Guess, read_output

    out = ("cells 4096, 200 cycles\n"
           "cycle    time (s)    E / E0    x2 mean\n"
           "   50    0.0125    0.9981    0.52\n"
           "  100    0.0250    0.9967    0.55\n"
           "solver: 812.4 ms wall, 809.9 ms cpu\n")
    g = Guess({})
    read_output(out, g)
    assert g.spec["metric"] == "time_ms", g.said
    assert g.spec["measure"]["regex"].startswith("solver:"), g.spec["measure"]


def test_a_printed_duration_is_not_taken_for_the_programs_timer() -> None:
    """An input's length printed in seconds (longer than the whole run could have timed) and a
    computed duration are passed over for the line that names a measured time."""
    from perfscout.pipeline.init_program import Guess, read_output

    out = ("echo: 3 takes x 20.0 s at 44100 Hz\n"
           "take 1: peak 0.51  decay 1.84 s\n"
           "processing time 0.412 s for 60.0 s of audio\n")
    g = Guess({}, wall_s=0.5)
    read_output(out, g)
    assert g.spec["metric"] == "time_s" and g.spec["measure"]["regex"].startswith("processing time")
    assert "0.412" in g.said[0]
    # without a timed run, the ranking alone still prefers the line that names a time
    g = Guess({})
    read_output(out, g)
    assert g.spec["measure"]["regex"].startswith("processing time")
    # a lone duration longer than the run is no metric at all: perfscout times the run
    g = Guess({}, wall_s=0.5)
    read_output("simulated 3600.0 s of flow\n", g)
    assert "measure" not in g.spec



def test_a_rate_line_that_prints_its_time_first_is_read_as_the_rate() -> None:
    """'evolution: 0.349 s, 859.6 Mcell-updates/s': higher is better, so the number read must
    be the rate; reading the time under 'higher is better' turns every speedup into a loss."""
    import re

    from perfscout.pipeline.init_program import Guess, read_output

    g = Guess({})
    read_output("board 2000 x 500\nevolution: 0.349 s, 859.6 Mcell-updates/s\n", g)
    assert g.spec["metric"] == "rate" and g.spec["direction"] == "higher"
    m = re.search(g.spec["measure"]["regex"], "evolution: 0.120 s, 2500.0 Mcell-updates/s")
    assert m is not None and float(m.group(1)) == 2500.0
    g = Guess({})
    read_output("Triad:  12345.6 MB/s  avg 0.0104 s\n", g)
    m = re.search(g.spec["measure"]["regex"], "Triad:  12345.6 MB/s  avg 0.0104 s")
    assert m is not None and float(m.group(1)) == 12345.6

PBMINI = Path(__file__).parent / "data" / "pbmini"


def test_init_reads_a_polyhedral_benchmark_kernel(tmp_path: Path, ps_home: Path) -> None:
    """A kernel in a polyhedral suite's shape: a utility .c and headers, size from -D in the
    Makefile, arrays through macros, its own timer printing a bare number on stdout, the
    arrays dumped on stderr. init reads the bare number as the timer (not perfscout's wall
    time, which includes the set-up) and checks every number of the dump; an experiment with
    the spec then keeps a right variant and catches one that changes the result."""
    require_tool("make")
    proj = tmp_path / "pbmini"
    shutil.copytree(PBMINI, proj)
    out = run_cli("init", str(proj), "--out", str(tmp_path / "s.yaml"), "--json")
    assert out.returncode == 0, out.stderr
    spec = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert spec["metric"] == "time_s" and spec["direction"] == "lower"
    assert spec["measure"]["regex"].startswith("^ *(") and "source" not in spec["measure"]
    assert spec["check"]["kind"] == "tolerance" and spec["check"]["source"] == "stderr"
    said = json.loads(out.stdout)["data"]["guessed"]
    assert any("its own timer" in s for s in said) and any("stderr" in s for s in said)
    wrong = ("--- a/kernel/atx.c\n+++ b/kernel/atx.c\n@@ -14,3 +14,3 @@\n"
             "     for (int j = 0; j < _PB_N; j++) tmp[i] = tmp[i] + A[i][j] * x[j];\n"
             "-    for (int j = 0; j < _PB_N; j++) y[j] = y[j] + A[i][j] * tmp[i];\n"
             "+    for (int j = 0; j < _PB_N; j++) y[j] = y[j] + 1.001 * A[i][j] * tmp[i];\n"
             "   }\n")
    spec.update(repetitions=3, max_repetitions=3, warmup=0, variants=[
        {"name": "o3", "extra_flags": ["-O3"]}, {"name": "wrong", "patch": wrong}])
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(spec))
    out = run_cli("experiment", "run", str(tmp_path / "s.yaml"), "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    res = {v["name"]: v for v in json.loads(out.stdout)["data"]["experiment"]["variants"]}
    assert res["o3"]["verdict"] != "invalid", res["o3"]
    assert res["wrong"]["verdict"] == "invalid", res["wrong"]
    assert 0 < res["o3"]["median"] < 60  # the program's own seconds


def test_a_first_run_past_the_limit_says_so_and_the_limit_is_kept(tmp_path: Path,
                                                                  ps_home: Path) -> None:
    require_tool("make")
    proj = tmp_path / "slow"
    proj.mkdir()
    (proj / "slow.c").write_text(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n"
        "int main(int argc, char **argv) {\n"
        "  double s = argc > 1 ? atof(argv[1]) : 0.1;\n"
        "  struct timespec t = {(time_t)s, (long)((s - (time_t)s) * 1e9)};\n"
        "  nanosleep(&t, NULL);\n  printf(\"slept %g s\\n\", s);\n  return 0;\n}\n")
    (proj / "Makefile").write_text("slow: slow.c\n\t$(CC) -O2 -o slow slow.c\n")
    out = run_cli("init", str(proj), "--args", "30", "--timeout", "0.5",
                  "--out", str(tmp_path / "s.yaml"), "--json")
    env = json.loads(out.stdout)
    assert out.returncode != 0 and env["status"] == "error"
    err = env["errors"][0]
    assert "did not finish in 0.5 s" in err["message"] and "--timeout" in err["hint"]
    assert not (tmp_path / "s.yaml").exists()  # no partial spec
    ok = run_cli("init", str(proj), "--args", "0.05", "--timeout", "20",
                 "--out", str(tmp_path / "s.yaml"), "--json")
    assert ok.returncode == 0, ok.stdout
    assert yaml.safe_load((tmp_path / "s.yaml").read_text())["timeout_s"] == 20.0
