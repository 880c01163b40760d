#!/bin/sh
# Neutron transport: callgrind_annotate with per-line source (--auto=yes) of a short run, nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/neutron.c" -o "$B/neutron" -lm
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./neutron 20000 100 > /dev/null 2>&1)
{ echo "\$ valgrind --tool=callgrind ./neutron 20000 100; callgrind_annotate --auto=yes"; callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -110; } > "$OUT/callgrind.txt"
snap
