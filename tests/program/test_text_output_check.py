"""``perfscout init`` on a program whose results are numbers inside text lines (no checksum
word, no dump): the guessed check compares those numbers within the tolerance instead of the
bytes of the output, so a flag that reassociates floating point (-ffast-math) can be measured
at all; a program printing only integers keeps the byte-identical check."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from conftest import require_tool, run_cli

MAKEFILE = "CC = gcc\nCFLAGS = -O2\nprog: prog.c\n\t$(CC) $(CFLAGS) -o prog prog.c -lm\n"

TEXT_RESULTS = r"""#include <math.h>
#include <stdio.h>
int main(void) {
  double s = 0.0, peak = 0.0;
  for (int i = 0; i < 100000; i++) {
    double v = exp(-i * 1e-4);
    s += v * 1e-4;
    peak = fmax(peak, v);
  }
  printf("kde | samples 100000 | h 0.150\n");
  printf("kde | integral %.6f | peak %.4f\n", s, peak);
  return 0;
}
"""

INTEGERS = r"""#include <stdio.h>
int main(void) {
  long n = 0;
  for (long i = 2; i < 20000; i++) {
    int p = 1;
    for (long d = 2; d * d <= i; d++)
      if (i % d == 0) { p = 0; break; }
    n += p;
  }
  printf("found %ld primes below 20000\n", n);
  return 0;
}
"""


def _init(tmp: Path, name: str, src: str) -> tuple[dict, list[str]]:
    proj = tmp / name
    proj.mkdir()
    (proj / "Makefile").write_text(MAKEFILE)
    (proj / "prog.c").write_text(src)
    out = run_cli("init", str(proj), "--out", str(tmp / f"{name}.yaml"), "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    said = json.loads(out.stdout)["data"]["guessed"]
    return yaml.safe_load((tmp / f"{name}.yaml").read_text())["check"], said


def test_numbers_in_text_lines_are_compared_within_the_tolerance(tmp_path: Path,
                                                                 ps_home: Path) -> None:
    require_tool("make")
    check, said = _init(tmp_path, "kde", TEXT_RESULTS)
    assert check["kind"] == "tolerance" and check["rel_tol"] == 1e-6, check
    # the coarsest printed decimal (h 0.150): a flip of a last printed digit is no error
    assert check["abs_tol"] == 0.0015
    assert any("every number the program prints" in s for s in said), said


def test_integer_output_stays_byte_identical(tmp_path: Path, ps_home: Path) -> None:
    require_tool("make")
    check, said = _init(tmp_path, "primes", INTEGERS)
    assert check["kind"] == "stdout", check
    assert any("byte-identical" in s for s in said), said
