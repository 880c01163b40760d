"""io_buffering generated on the user's output loop: ``<< std::endl`` becomes ``<< '\\n'``,
``fflush(f);`` and Fortran ``flush(u)`` leave the loop (one flush after it). Built and run
(identical output) in C++, C and Fortran; a loop that flushes nothing, and a flush that is all
its branch does, are refused. End to end: perf record, perf stat and strace -c of a real C++
program writing one flushed line per value give the I/O finding, and io_buffering comes scoped
to the program's loop with the diff attached; the changed program makes far fewer writes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import require_tool
from perfscout.transform import Generated, Refusal, generate
from transform._cc import build_run, line_of, write

CPP = """#include <iostream>
#include <cmath>
int main() {
    double s = 0.0;
    for (int i = 0; i < 200000; i++) {
        for (int k = 0; k < 64; k++)
            s += std::sqrt((double)(i + k));
        std::cout << i << " " << s << std::endl;  // HOT
    }
    std::cerr << "done" << std::endl;
    return 0;
}
"""

C = """#include <stdio.h>
int main(void) {
    for (int i = 0; i < 2000; i++) {
        printf("%d %d\\n", i, i * i);  /* HOT */
        fflush(stdout);
    }
    return 0;
}
"""

# a writer function: header lines, then two loops, every line ended with std::endl
WRITER = """#include <fstream>
#include <iostream>
#include <vector>
static void write_table(const std::vector<double> &a, const char *path) {
    std::ofstream out(path);
    out << "# table" << std::endl;
    out << a.size() << std::endl;
    for (std::size_t i = 0; i < a.size(); i++)
        out << i << ' ' << a[i] << std::endl;  // HOT
    for (std::size_t i = 0; i + 1 < a.size(); i++)
        out << i << ' ' << a[i + 1] - a[i] << std::endl;
    out << "# end" << std::endl;
}
int main() {
    std::vector<double> a(3000);
    for (std::size_t i = 0; i < a.size(); i++) a[i] = 0.5 * (double)(i * i % 977);
    write_table(a, "table.txt");
    std::ifstream in("table.txt");
    std::string line;
    while (std::getline(in, line)) std::cout << line << '\\n';
    return 0;
}
"""

F90 = """program log
  implicit none
  integer :: i
  do i = 1, 2000
    write (*, '(i0,1x,i0)') i, i * 3  ! HOT
    flush (6)
  end do
end program log
"""


@pytest.mark.parametrize(("src", "name", "words"), [
    (CPP, "prog.cpp", ["+        std::cout << i << \" \" << s << '\\n';  // HOT"]),
    (C, "prog.c", ["-        fflush(stdout);", "+    fflush(stdout);"]),
    (F90, "prog.f90", ["-    flush (6)", "+  flush(6)"]),
    (WRITER, "prog.cpp", ["+    out << \"# table\" << '\\n';",
                          "+        out << i << ' ' << a[i + 1] - a[i] << '\\n';"]),
], ids=["cpp-endl", "c-fflush", "fortran-flush", "cpp-writer-function"])
def test_flushes_leave_the_loop_and_the_output_stays(src: str, name: str, words: list[str],
                                                     tmp_path: Path) -> None:
    g = generate("io_buffering", src, name, line_of(src, "HOT"))
    assert isinstance(g, Generated), g
    for w in words:
        assert w in g.diff, g.diff
    before = build_run(write(tmp_path, "orig" + Path(name).suffix, src), cwd=tmp_path)
    after = build_run(write(tmp_path, "new" + Path(name).suffix, g.new_text), cwd=tmp_path)
    assert after == before and len(before.splitlines()) >= 2000


def test_a_loop_that_flushes_nothing_is_refused() -> None:
    src = C.replace("        fflush(stdout);\n", "")
    r = generate("io_buffering", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "flushes nothing" in r.reason, r


def test_a_flush_that_is_all_its_branch_does_is_refused() -> None:
    src = C.replace("        fflush(stdout);\n", "        if (i % 100 == 0)\n"
                                                  "            fflush(stdout);\n")
    r = generate("io_buffering", src, "prog.c", line_of(src, "HOT"))
    assert isinstance(r, Refusal) and "all its branch does" in r.reason, r


def _writes(strace: str, exe: Path, cwd: Path) -> tuple[int, Path]:
    """The program's write calls counted by ``strace -f -c``, and the report."""
    out = cwd / f"{exe.name}.strace"
    subprocess.run([strace, "-f", "-c", "-o", str(out), str(exe)], cwd=cwd, check=True,
                   capture_output=True, timeout=300)
    m = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?write\s*$",
                  out.read_text(), re.M)
    assert m, out.read_text()
    return int(m.group(1)), out


def test_a_profiled_flushing_program_gets_the_generated_change(tmp_path: Path) -> None:
    from perfscout.pipeline.analyze import analyze
    from perfscout.pipeline.source_changes import attach_diffs

    gxx = require_tool("g++")
    perf = require_tool("perf")
    strace = require_tool("strace")
    src = write(tmp_path, "series.cpp", CPP)
    exe = tmp_path / "series"
    subprocess.run([gxx, "-O2", "-g", "-o", str(exe), str(src)], check=True,
                   capture_output=True, timeout=300)
    data = tmp_path / "perf.data"
    # a sample every 0.1 ms of CPU time, and a little arithmetic per line (about 13% of the
    # samples): with one square root per line the program's own lines held about 0.1% of a run
    # spent writing, and some draws left none of them (or only glibc's) in the profile
    subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-c", "100000", "-o", str(data),
                    str(exe)], cwd=tmp_path, check=True, capture_output=True, timeout=300)
    r = subprocess.run([perf, "report", "--stdio", "--no-children", "--sort", "srcline",
                        "--full-source-path", "-i", str(data)], capture_output=True,
                       text=True, timeout=300, check=True, cwd=tmp_path)
    (tmp_path / "srcline.txt").write_text(r.stdout)
    st = subprocess.run([perf, "stat", "-e", "task-clock", "--", str(exe)], cwd=tmp_path,
                        capture_output=True, text=True, timeout=300, check=True)
    (tmp_path / "perf-stat.txt").write_text(st.stderr)
    calls, trace = _writes(strace, exe, tmp_path)
    assert calls > 200000  # one write per line, and the final "done"
    a = analyze([tmp_path / "srcline.txt", tmp_path / "perf-stat.txt", trace])
    found = {f.id for f in a.findings}
    assert found & {"sys.io", "app.io_hotspot"}, found
    p = next((p for p in a.proposals if p.id == "io_buffering"), None)
    assert p is not None, ([x.id for x in a.proposals], [(r.id, r.reason) for r in a.rejected])
    assert p.scope.rsplit(":", 1)[0].endswith("series.cpp"), p.scope
    out, bad = attach_diffs([p], tmp_path)
    assert not bad, bad
    diff = out[0].change.diff if out[0].change else ""
    assert "'\\n'" in diff and "-        std::cout << i << \" \" << s << std::endl;" in diff
    # the changed program: the same output, a small fraction of the write calls
    g = generate("io_buffering", CPP, "series.cpp", line_of(CPP, "HOT"))
    assert isinstance(g, Generated)
    (tmp_path / "new").mkdir()
    new = write(tmp_path / "new", "series.cpp", g.new_text)
    exe2 = tmp_path / "new" / "series"
    subprocess.run([gxx, "-O2", "-o", str(exe2), str(new)], check=True, capture_output=True,
                   timeout=300)
    calls2, _ = _writes(strace, exe2, tmp_path / "new")
    assert calls2 * 20 < calls, (calls2, calls)
