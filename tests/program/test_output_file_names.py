"""``perfscout init`` finds the output file a program writes when its name is spelt through a
macro, a constant string or a Fortran parameter (a log opened per line under such a name is
the file a check compares), and never one the program only reads."""

from __future__ import annotations

from pathlib import Path

from perfscout.pipeline.init_check import output_files

DATA = Path(__file__).parents[1] / "transform" / "data"


def test_named_output_files_are_found(tmp_path: Path) -> None:
    assert output_files(DATA / "orbits") == ["orbits.trace"]  # #define TRACE_FILE "..."
    assert output_files(DATA / "drops") == ["drops.log"]  # parameter :: logfile = '...'
    (tmp_path / "a.c").write_text('static const char OUT[] = "result.csv";\n'
                                  'void f(void) { FILE *g = fopen(OUT, "w"); }\n')
    (tmp_path / "b.f90").write_text("character(len=*), parameter :: inp = 'in.txt'\n"
                                    "open(newunit=u, file=inp, action='read')\n")
    assert output_files(tmp_path) == ["result.csv"]
