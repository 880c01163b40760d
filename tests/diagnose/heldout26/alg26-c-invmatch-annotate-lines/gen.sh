#!/bin/sh
# Payment reconciliation, shipped build, one run: the program's line and perf annotate -l of main (find() inlined).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/invmatch.c" -o "$B/invmatch"
show ./invmatch 60000 60000 > "$OUT/output.txt"
rec p.data -- ./invmatch 60000 60000
{ echo "\$ perf annotate --stdio -l main"; annotl main 70; } > "$OUT/annotate-main.txt"
snap
