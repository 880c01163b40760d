#!/bin/sh
# objdump -d of the vectorized polynomial function, on its own.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native "$SRC/poly.c" -o "$B/poly"
objdump -d --no-show-raw-insn --disassemble=poly "$B/poly" > "$OUT/objdump-poly.txt"
snap
