#!/bin/sh
# C++ particle push with per-particle progress on std::cerr: perf report by dso,sym with caller graphs.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/progress.cpp" -o "$B/push"
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o p.data ./push 20000 10 > run.out 2> push.err) 2> /dev/null || true
cp "$B/run.out" "$OUT/run.txt"
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym -g caller,0.5,callee --percent-limit 2 2> /dev/null | head -120 > "$OUT/perf-report-dso-sym.txt"
snap
