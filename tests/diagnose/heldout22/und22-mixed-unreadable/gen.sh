#!/bin/sh
# What a user handed over: the shell's time -p of one run of an unsent program, its binary output field,
# and a note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/dustcoag.c" -o "$B/coag" -lm
{ echo "\$ time -p ./coag > coag.out"; (cd "$B" && bash -c 'time -p env OMP_NUM_THREADS=2 ./coag > coag.out') 2>&1 | tail -3; } > "$OUT/time.txt"
perl -e 'print pack("d*", map { 1e-7 * (1 + $_) ** 1.5 } 0 .. 32767)' > "$OUT/kernel_field.bin"
echo "Timing and our output field attached. Expected about half of this." > "$OUT/note.txt"
snap
