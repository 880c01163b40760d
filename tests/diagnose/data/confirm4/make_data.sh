#!/bin/sh
# Regenerates the real tool outputs under tests/diagnose/data/confirm4/ (test_confirm4.py).
# Run from this directory on Linux with gcc/g++, Open MPI, perf (software events), valgrind,
# gprof, strace, sysstat's pidstat and GNU time: sh make_data.sh
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O2 -g -fopenmp src/tri.c -o "$B/tri"
gcc -O2 -g -fopenmp src/serialinit.c -o "$B/serialinit" -lm
gcc -O2 -g src/ldot.c -o "$B/ldot" -fopt-info-vec-missed 2> "$B/ldot-remarks.txt"
gcc -O2 -g src/stepalloc.c -o "$B/stepalloc"
gcc -O2 -g src/flushlog.c -o "$B/flushlog"
gcc -O2 -g src/idiv.c -o "$B/idiv"
gcc -O2 -g -pg src/bubble.c -o "$B/bubble"
gcc -O2 -g src/bubble.c -o "$B/bubble-nopg"
gcc -O2 -g src/colwalk.c -o "$B/colwalk"
mpicc -O2 -g src/mpiuneven.c -o "$B/mpiuneven" -lm
# per-thread busy times printed by the program + pidstat -t's per-thread CPU (sampled each second)
pidthreads() {  # $1 output file, rest: command
    out=$1; shift
    "$@" > "$B/prog.txt" &
    pid=$!
    sleep 0.3
    LC_ALL=C pidstat -t -p "$pid" 1 > "$out" 2>&1 || true
    wait "$pid" || true
}
OMP_NUM_THREADS=2 pidthreads imbalance-program-pidstat/pidstat-t.txt "$B/tri" 120000
cp "$B/prog.txt" imbalance-program-pidstat/tri-output.txt
cp imbalance-program-pidstat/tri-output.txt neg-imbalance-program-only/
OMP_NUM_THREADS=2 pidthreads neg-imbalance-wall-vs-cpu/pidstat-t.txt "$B/tri" 60000 nap
cp "$B/prog.txt" neg-imbalance-wall-vs-cpu/tri-output.txt
# serial setup: the program's phase times + time -v
OMP_NUM_THREADS=2 /usr/bin/time -v -o serial-program-timev/time-v.txt "$B/serialinit" 4000000 \
  > serial-program-timev/serialinit-output.txt
# long double: the compiler's missed-vectorization remarks + perf annotate of the hot function
cp "$B/ldot-remarks.txt" x87-remarks-annotate/gcc-vec-missed.txt
perf record -e cpu-clock -F 999 -o "$B/ldot.data" -- "$B/ldot" 1000000 150 > /dev/null 2>&1
perf annotate -i "$B/ldot.data" --stdio -s ldot 2>/dev/null > x87-remarks-annotate/perf-annotate-ldot.txt
# a buffer per step: strace -c + perf stat software events (a fixed mmap threshold, as a code
# that sets M_MMAP_THRESHOLD has: glibc would otherwise raise it after the first free)
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576 strace -c -o stepalloc-strace-perfstat/strace-c.txt "$B/stepalloc" 4000000 300 > /dev/null
GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576 perf stat -e task-clock,page-faults,minor-faults,major-faults,context-switches,cpu-migrations \
  -o stepalloc-strace-perfstat/perf-stat-sw.txt "$B/stepalloc" 4000000 300 > /dev/null
# fflush per line: the program's phase times + strace -c
"$B/flushlog" 400000 "$B/out.txt" > flushlog-program-strace/flushlog-output.txt
strace -c -o flushlog-program-strace/strace-c.txt "$B/flushlog" 400000 "$B/out.txt" > /dev/null
# integer division: objdump of the hot function + perf annotate
objdump -d --no-show-raw-insn --disassemble=hashsum "$B/idiv" > idiv-objdump-annotate/objdump-hashsum.txt
perf record -e cpu-clock -F 999 -o "$B/idiv.data" -- "$B/idiv" 1000000 100 > /dev/null 2>&1
perf annotate -i "$B/idiv.data" --stdio -s hashsum 2>/dev/null > idiv-objdump-annotate/perf-annotate-hashsum.txt
# bubble sort: a printed sweep at three sizes + gprof's flat profile
for n in 10000 20000 40000; do "$B/bubble-nopg" $n; done > bubble-sweep-gprof/bubble-sweep.txt
(cd "$B" && ./bubble 20000 > /dev/null && gprof -b -p ./bubble gmon.out) > bubble-sweep-gprof/gprof-flat.txt
# unequal ranks: printed per-rank times + perf report by process
perf record -e cpu-clock -F 499 -o "$B/mpi.data" -- mpirun --allow-run-as-root --oversubscribe \
  -np 2 "$B/mpiuneven" > uneven-ranks-program-perf/mpiuneven-output.txt 2>/dev/null
perf report -i "$B/mpi.data" --stdio --sort pid,sym 2>/dev/null > uneven-ranks-program-perf/perf-report-pid-sym.txt
# two threads bound to one CPU: OMP_DISPLAY_AFFINITY + perf stat software events
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true OMP_PROC_BIND=true perf stat -e task-clock,context-switches,cpu-migrations \
  -o affinity-runtime-perfstat/perf-stat-sw.txt taskset -c 0 "$B/tri" 40000 \
  > affinity-runtime-perfstat/tri-output.txt 2>&1
# column walk: cachegrind's out file and cg_annotate of it (one tool, two formats)
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./colwalk 1024 2 > /dev/null 2>&1)
cp "$B/cg.out" neg-cachegrind-two-formats/cachegrind.out
cg_annotate "$B/cg.out" > neg-cachegrind-two-formats/cg_annotate.txt
# two threads bound to one CPU: OMP_DISPLAY_AFFINITY + /usr/bin/time -v
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true OMP_PROC_BIND=true /usr/bin/time -v \
  -o affinity-runtime-timev/time-v.txt taskset -c 0 "$B/tri" 40000 \
  > affinity-runtime-timev/tri-output.txt 2>&1
# serial setup again: the program's phase times + perf stat's task-clock (CPUs utilized)
OMP_NUM_THREADS=2 perf stat -e task-clock,context-switches,cpu-migrations,page-faults \
  -o serial-program-perfstat/perf-stat-sw.txt "$B/serialinit" 4000000 \
  > serial-program-perfstat/serialinit-output.txt
