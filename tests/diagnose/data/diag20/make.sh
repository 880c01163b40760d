#!/bin/sh
# Regenerate the diag20 fixtures (gcc, perf with software events, strace, objdump) on a 2-core
# machine:
#   hist (omp atomic per sample into a shared histogram, 2 threads), histw (a double weight per
#   sample: the atomic is a lock cmpxchg loop), histpriv (per-thread copies,
#   one atomic per bin at the end), hist1 (one thread, C11 atomic in the loop);
#   cmul (complex multiply-accumulate at -O2: C99 NaN recovery calls __muldc3) and cmulfast (the
#   same source with -ffast-math: no call);
#   mask (costly rows all in the first static block: imbalance by data) and masklow (balanced
#   rows, but a library call set one thread before the loop: threads lowered), each thread
#   printing its CPU time, with perf report by thread (--sort pid);
#   tiles (tiled transpose, leading dimension 2048 = a power of two vs 2056 and 2064 padded,
#   three runs each) printing CPU time (tiles-cpu-output.txt) or only its bandwidth
#   (tiles-rate-output.txt);
#   pin (the program pins itself to CPU 0 before its OpenMP region, OMP_DISPLAY_AFFINITY mixed with
#   its stdout) and nopin (the same program, not pinned).
set -e
D=$(cd "$(dirname "$0")" && pwd); W=$(mktemp -d); cd "$W"
export OMP_NUM_THREADS=2
gcc -O2 -g -fopenmp "$D/src/hist.c" -o hist
gcc -O2 -g -fopenmp "$D/src/histw.c" -o histw
gcc -O2 -g -fopenmp "$D/src/histpriv.c" -o histpriv
gcc -O2 -g "$D/src/hist1.c" -o hist1
gcc -O2 -g "$D/src/cmul.c" -o cmul
gcc -O2 -g -ffast-math "$D/src/cmul.c" -o cmulfast
gcc -O2 -g -fopenmp "$D/src/pin.c" -o pin
gcc -O2 -g -fopenmp "$D/src/mask.c" -o mask -lm
gcc -O2 -g "$D/src/tiles.c" -o tiles
rec() { perf record -q -e cpu-clock -F 999 -o "$1.data" "./$1" > "$D/$1-output.txt"
        perf report -i "$1.data" --stdio --sort sym > "$D/$1-perf.txt" 2>/dev/null
        perf annotate -i "$1.data" --stdio -s "$2" > "$D/$1-annotate.txt" 2>/dev/null
        perf annotate -i "$1.data" --stdio2 -s "$2" > "$D/$1-annotate2.txt" 2>/dev/null
        objdump -d --no-show-raw-insn "--disassemble=$2" "./$1" > "$D/$1-objdump.txt"; }
rec hist main._omp_fn.0; rec histw main._omp_fn.0; rec histpriv main._omp_fn.0; rec hist1 main
rec cmul mac; cp cmulfast cmulf; rec cmulf mac
thr() { OMP_DISPLAY_ENV=true perf record -q -e cpu-clock -F 999 -o "$1.data" ./mask "$2" > "$D/$1-output.txt" 2>&1
        perf report -i "$1.data" --stdio --sort pid > "$D/$1-perf-pid.txt" 2>/dev/null
        perf report -i "$1.data" --stdio --sort sym > "$D/$1-perf.txt" 2>/dev/null; }
thr mask 0; thr masklow 1
: > "$D/tiles-cpu-output.txt"; : > "$D/tiles-rate-output.txt"
for k in 1 2 3; do for ld in 2048 2056 2064; do
  ./tiles $ld >> "$D/tiles-cpu-output.txt"; ./tiles $ld rate >> "$D/tiles-rate-output.txt"
done; done
objdump -d --no-show-raw-insn ./hist > "$D/hist-objdump-all.txt"
objdump -d --no-show-raw-insn ./histpriv > "$D/histpriv-objdump-all.txt"
OMP_DISPLAY_AFFINITY=true OMP_DISPLAY_ENV=true ./pin 1 > "$D/pin-output.txt" 2>&1
OMP_DISPLAY_AFFINITY=true OMP_DISPLAY_ENV=true ./pin 0 > "$D/nopin-output.txt" 2>&1
strace -f -c -o "$D/pin-strace.txt" ./pin 1 > /dev/null
rm -rf "$W"
