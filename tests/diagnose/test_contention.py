"""rt.sync_contention and app.data_structure on real profiles (gcc/g++, perf record, perf
annotate, perf report --sort srcline): a parallel histogram with an atomic per element and a
word count in a std::map are diagnosed and get their generated proposal (omp_reduction,
unordered_map) at the program's own line; after the generated change the finding is gone."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from conftest import require_tool
from perfscout.pipeline.analyze import analyze
from perfscout.transform import Generated, generate

HIST_C = """#include <stdio.h>
#include <stdlib.h>

#define NB 256

static void tally(const unsigned char *v, long n, long *bins)
{
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
#pragma omp atomic
        bins[v[i]]++;
    }
}

int main(void)
{
    long n = 4000000;
    unsigned char *v = malloc(n);
    long *bins = calloc(NB, sizeof *bins);
    for (long i = 0; i < n; i++) v[i] = (unsigned char)((i * 2654435761u) >> 13);
    for (int r = 0; r < 12; r++) tally(v, n, bins);
    printf("%ld %ld\\n", bins[0], bins[NB - 1]);
    return 0;
}
"""

WORDS_CPP = """#include <cstdio>
#include <map>
#include <string>
#include <vector>

int main()
{
    std::vector<std::string> words;
    unsigned s = 5;
    for (int i = 0; i < 400000; i++) {
        s = s * 1103515245u + 12345u;
        words.push_back("w" + std::to_string((s >> 8) % 50000));
    }
    std::map<std::string, int> freq;
    for (int rep = 0; rep < 12; rep++)
        for (std::size_t i = 0; i < words.size(); i++)
            freq[words[i]]++;
    std::printf("%zu %d\\n", freq.size(), freq.count("w7") ? freq["w7"] : 0);
    return 0;
}
"""


def _profile(d: Path, src: Path, compiler: str, flags: Sequence[str]) -> list[str]:
    """Build ``src`` with -g, run it under perf record; the srcline report and the
    annotation, as a session's collect step writes them."""
    cc, perf = require_tool(compiler), require_tool("perf")
    exe = d / "prog"
    subprocess.run([cc, "-O2", "-g", *flags, "-o", str(exe), str(src)], check=True,
                   timeout=300)
    data = d / "perf.data"
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-o", str(data), str(exe)],
                   check=True, timeout=300, env=env, capture_output=True)
    out = []
    for name, args in (("srcline.txt", ["report", "--stdio", "--no-children", "--sort",
                                        "srcline", "--full-source-path"]),
                       ("annotate.txt", ["annotate", "--stdio"])):
        r = subprocess.run([perf, *args, "-i", str(data)], capture_output=True, text=True,
                           timeout=300, check=True)
        (d / name).write_text(r.stdout)
        out.append(str(d / name))
    return out


def test_atomic_histogram_is_contention_and_gets_a_reduction(tmp_path: Path) -> None:
    src = tmp_path / "hist.c"
    src.write_text(HIST_C)
    (tmp_path / "Makefile").write_text("all:\n\tcc -O2 -fopenmp hist.c\n")
    a = analyze(_profile(tmp_path, src, "gcc", ["-fopenmp"]))
    found = {f.id: f for f in a.findings}
    assert "rt.sync_contention" in found, [f.id for f in a.findings]
    assert any("lock-prefixed" in e.quote for e in found["rt.sync_contention"].evidence)
    red = next(p for p in a.proposals if p.id == "omp_reduction")
    assert red.scope.endswith("hist.c:11") or red.scope.endswith("hist.c:10")
    assert "bins[:NB]" in (red.change.description if red.change else "")
    # the generated reduction removes what the finding saw
    got = generate("omp_reduction", HIST_C, "hist.c", 11, root=tmp_path)
    assert isinstance(got, Generated), got
    after = tmp_path / "after"
    after.mkdir()
    (after / "hist.c").write_text(got.new_text)
    b = analyze(_profile(after, after / "hist.c", "gcc", ["-fopenmp"]))
    assert "rt.sync_contention" not in {f.id for f in b.findings}


def test_map_word_count_is_a_data_structure_finding_with_a_hash_table(tmp_path: Path) -> None:
    src = tmp_path / "words.cpp"
    src.write_text(WORDS_CPP)
    (tmp_path / "Makefile").write_text("all:\n\tc++ -O2 words.cpp\n")
    a = analyze(_profile(tmp_path, src, "g++", []))
    assert "app.data_structure" in {f.id for f in a.findings}, [f.id for f in a.findings]
    um = next((p for p in a.proposals if p.id == "unordered_map"), None)
    # (it was missing once in a loaded run: say what was offered, refused, and profiled)
    assert um is not None, ([p.id for p in a.proposals], [(r.id, r.guard, r.reason)
                                                          for r in a.rejected],
                            (tmp_path / "srcline.txt").read_text()[:1500])
    assert um.scope in ("words.cpp:16", "words.cpp:17", "words.cpp:18")  # the counting nest
    assert "std::map freq made a std::unordered_map" in (um.change.description
                                                         if um.change else "")
    got = generate("unordered_map", WORDS_CPP, "words.cpp", 18)
    assert isinstance(got, Generated), got
    after = tmp_path / "after"
    after.mkdir()
    (after / "words.cpp").write_text(got.new_text)
    b = analyze(_profile(after, after / "words.cpp", "g++", []))
    assert "app.data_structure" not in {f.id for f in b.findings}
