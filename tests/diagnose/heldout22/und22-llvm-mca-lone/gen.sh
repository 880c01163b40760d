#!/bin/sh
# What a user sent: llvm-mca's report of the inner loop function of their code as gcc -O2 emitted it, and a
# question. The code (an unsent build of mixlayer) is a stream over arrays far larger than the caches.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp -S "$SRC/mixlayer.c" -o "$B/k.s"
awk '/^main\._omp_fn\.1:/ {p = 1} p {print} p && /\.cfi_endproc/ {exit}' "$B/k.s" > "$B/kernel.s"
{ echo "\$ llvm-mca -mcpu=x86-64 kernel.s"; mca "$B/kernel.s" 60; } > "$OUT/llvm-mca.txt"
echo "Static analysis of our hot loop attached. Is this the best the CPU can do?" > "$OUT/note.txt"
snap
