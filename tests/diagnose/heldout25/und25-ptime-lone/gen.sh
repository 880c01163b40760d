#!/bin/sh
# What a user pasted: the shell's time -p of their run (the -DROWS truss build), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DROWS "$SRC/truss.c" -o "$B/solver"
{ echo "\$ time -p ./solver 3072 20 > /dev/null"; ptime ./solver 3072 20 | grep -E '^(real|user|sys)'; } > "$OUT/time.txt"
snap
