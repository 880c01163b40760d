#!/bin/sh
# Truss stiffness sweep: only perf annotate --stdio of main (shipped build, n = 2048), as a user pastes it.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/truss.c" -o "$B/truss"
rec p.data -- ./truss 2048 8
{ echo "\$ perf record -e cpu-clock ./truss 2048 8; perf annotate --stdio main"; perf annotate -i "$B/p.data" --stdio main 2> /dev/null | clean | grep -v '^\s*0.00 *:' | head -160; } > "$OUT/annotate.txt"
snap
