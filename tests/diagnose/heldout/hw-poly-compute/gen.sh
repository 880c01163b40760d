#!/bin/sh
# Vectorized FMA polynomial on an in-cache array: objdump (packed), cachegrind (no misses), printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g "$SRC/poly.c" -o "$B/poly"
objdump -d --no-show-raw-insn --disassemble=poly "$B/poly" > "$OUT/objdump-poly.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./poly 2048 200 > /dev/null 2> "$OUT/cachegrind.log")
"$B/poly" > "$OUT/poly-output.txt"
snap
