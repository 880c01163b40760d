#!/bin/sh
# Template correlation (float dot products in L1): gcc -O3's -fopt-info-vec-all lines for the dot-product
# loop, the run at -O3, -O3 -ffast-math and -O2, and the disassembly of corr() in the -O3 build.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -g -fopt-info-vec-all "$SRC/dotchain.c" -o "$B/dotchain" 2> "$B/vec.txt"
gcc -O3 -ffast-math -g "$SRC/dotchain.c" -o "$B/dotchain_fm"
gcc -O2 -g "$SRC/dotchain.c" -o "$B/dotchain_o2"
{ echo "\$ gcc -O3 -g -fopt-info-vec-all dotchain.c -o dotchain 2>&1 | grep 'dotchain.c:1[0-2]:'"; clean < "$B/vec.txt" | grep 'dotchain.c:1[0-2]:' | head -20; } > "$OUT/opt-info.txt"
{ for b in "dotchain:-O3" "dotchain_fm:-O3 -ffast-math" "dotchain_o2:-O2" "dotchain:-O3" "dotchain_fm:-O3 -ffast-math"; do x=${b%%:*}; echo "\$ ./$x 150   # built with ${b#*:}"; (cd "$B" && ./$x 150); done; } > "$OUT/builds.txt" 2>&1
{ echo "\$ objdump -d --no-show-raw-insn dotchain   # corr only"; disasm "$B/dotchain" corr; } > "$OUT/corr.s.txt"
snap
