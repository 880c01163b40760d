#!/bin/sh
# The porosity program run while two stress-ng hogs share the machine: the user's uptime/ps paste,
# two sizes at the same total work, and perf annotate --stdio2 of main (the update is inlined there) at n=256.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/porosity.c" -o "$B/porosity"
load_on 2
loadsnap > "$OUT/load.txt"
{ show ./porosity 32 900 h; show ./porosity 256 2; } > "$OUT/run.txt"
rec p.data -- ./porosity 256 2
annot2 main 200 > "$OUT/perf-annotate-stdio2.txt"
load_off
snap
