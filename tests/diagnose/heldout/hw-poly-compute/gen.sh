#!/bin/sh
# Vectorized FMA polynomial on an in-cache array: objdump (packed), cachegrind (no misses), printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g "$SRC/poly.c" -o "$B/poly"
objdump -d --no-show-raw-insn --disassemble=poly "$B/poly" > "$OUT/objdump-poly.txt"
# valgrind cannot run AVX-512 code: the simulated run uses an AVX2 build of the same source
gcc -O3 -mavx2 -mfma -g "$SRC/poly.c" -o "$B/poly_vg"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./poly_vg 2048 200 > /dev/null 2> "$OUT/cachegrind.log")
"$B/poly" > "$OUT/poly-output.txt"
snap
