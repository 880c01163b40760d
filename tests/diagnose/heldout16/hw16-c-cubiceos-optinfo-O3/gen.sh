#!/bin/sh
# C cubic EOS fit over an in-cache block (pointer arguments without restrict), built at -O2 as the
# project's Makefile does: the vectorizer report of that build (-fopt-info-vec-all, the kernel's
# lines), and the program built at -O2 and at -O3 (build comparison; same checksum).
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ gcc -O2 -g -fopt-info-vec-all -c cubiceos.c"; gcc -O2 -g -fopt-info-vec-all -c "$SRC/cubiceos.c" -o "$B/c.o" 2>&1 | clean | grep -E '^cubiceos.c:(9|10|11|12|13|14)[:]' | head -30; } > "$OUT/optinfo-O2.txt"
gcc -O2 -g "$SRC/cubiceos.c" -o "$B/ce_O2"
gcc -O3 -g "$SRC/cubiceos.c" -o "$B/ce_O3"
{ echo "# gcc -O2 -g cubiceos.c -o ce_O2 ; gcc -O3 -g cubiceos.c -o ce_O3"; show ./ce_O2; show ./ce_O3; } > "$OUT/build-compare.txt"
snap
