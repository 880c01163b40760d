#!/bin/sh
# getenv() called for every sample in the inner loop: printout, callgrind (callgrind_annotate with source lines), perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/envcheck.c" -o "$B/ec"
"$B/ec" 4000 10000 > "$OUT/envcheck-output.txt"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./ec 4000 200 > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -150 > "$OUT/callgrind-annotate.txt"
(cd "$B" && rec p.data ./ec 4000 10000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
