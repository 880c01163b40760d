#!/bin/sh
# A 64 MB grid cleared with memset before each 4096-particle batch: key: value printout (with the clear's GB/s), three likwid-bench copy runs, perf report; a user's note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/clearall.c" -o "$B/ca"
"$B/ca" > "$OUT/clearall-output.txt"
bench3 copy > "$OUT/likwid-bench-copy.txt" 2>&1
(cd "$B" && rec p.data ./ca > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cat > "$OUT/notes.md" << 'NOTE'
# histogram step

The clear runs close to what the memory can do, so we think this step is as fast as the
node allows. Attached: the run, a bandwidth benchmark from the admin, a profile.
NOTE
snap
