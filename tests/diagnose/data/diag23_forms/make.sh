#!/bin/sh
# Real outputs for tests/diagnose/test_diag23_forms.py: one run, each printed shape in its own
# file (the program prints five shapes of the same two busy times).
set -eu
D=$(cd "$(dirname "$0")" && pwd)
gcc -O2 -fopenmp -o /tmp/imbforms "$D/imbforms.c" -lm
/tmp/imbforms > "$D/all.txt"
wall=$(grep '^wall' "$D/all.txt")
grep '^thread times' "$D/all.txt" > "$D/list.txt"; echo "$wall" >> "$D/list.txt"
grep '^busy per thread' "$D/all.txt" > "$D/array.txt"; echo "$wall" >> "$D/array.txt"
grep '^\[t' "$D/all.txt" > "$D/bracket.txt"; echo "$wall" >> "$D/bracket.txt"
grep '^Thread' "$D/all.txt" > "$D/prose.txt"; echo "$wall" >> "$D/prose.txt"
rm -f /tmp/imbforms
