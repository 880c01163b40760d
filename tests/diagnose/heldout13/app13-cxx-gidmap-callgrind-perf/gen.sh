#!/bin/sh
# C++ unstructured-mesh residual looking neighbours up in a std::map<long,int> every step:
# callgrind --dump-instr=yes annotated by callgrind_annotate --auto=yes (small mesh) and
# perf report --sort srcline of the full run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/gidmap.cpp" -o "$B/gidmap"
show ./gidmap 200000 5 > "$OUT/run.txt"
(cd "$B" && valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cg.out ./gidmap 20000 3 > /dev/null 2>&1)
# (the auto-annotated listings of the libstdc++ headers are left out, gidmap.cpp's is kept)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean   | awk '/^-- Auto-annotated source:/ {seen = 1; keep = /gidmap[.]cpp/} !seen || keep' | head -160 > "$OUT/callgrind-annotate.txt"
rec p.data -- ./gidmap 200000 5
prep --sort srcline --percent-limit 1 | clean > "$OUT/perf-report-srcline.txt"
snap
