#!/bin/sh
# Regenerate the fixtures of tests/diagnose/test_confirm_flop_ceiling.py (gcc, binutils,
# likwid-bench). fmaloop.c keeps two 8 KiB arrays in L1 (packed AVX-512 FMAs); the "big"
# build of the same loop streams two 64 MiB arrays from memory.
set -e
cd "$(dirname "$0")"
B=$(mktemp -d)
gcc -O3 -march=native -g -o "$B/fmaloop" fmaloop.c
"$B/fmaloop" 200000 > fmaloop-output.txt
objdump -d --no-show-raw-insn --disassemble=step "$B/fmaloop" > objdump-step.txt
sed 's/#define N 1024/#define N (1 << 23)/' fmaloop.c > "$B/fmabig.c"
gcc -O3 -march=native -g -o "$B/fmabig" "$B/fmabig.c"
"$B/fmabig" 20 > fmabig-output.txt
objdump -d --no-show-raw-insn --disassemble=step "$B/fmabig" > objdump-step-big.txt
likwid-bench -t peakflops_avx512_fma -W N:16kB:1 > likwid-bench-peakflops.txt 2>&1
rm -rf "$B"
