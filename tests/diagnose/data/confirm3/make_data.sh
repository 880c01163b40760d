#!/bin/sh
# Regenerates the real tool outputs under tests/diagnose/data/confirm3/ (tests/diagnose/
# test_confirm3.py): each folder is one analysis a user would hand over. Run from this
# directory on a Linux machine with gcc, perf (perf_event_paranoid <= 2), valgrind, strace and
# GNU time: sh make_data.sh
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O2 -g -fopenmp src/tri.c -o "$B/tri"
gcc -O3 -march=x86-64-v2 -g src/cmul.c -o "$B/cmul"
gcc -O1 -g src/pairs.c -o "$B/pairs"
gcc -O2 -g src/chase.c -o "$B/chase"
gcc -O2 -g src/spill.c -o "$B/spill"
gcc -O2 -g src/fmtout.c -o "$B/fmtout" -lm
# imbalance: static schedule over triangular rows, each thread's CPU time printed, and perf's
# samples split by thread (program + sampling); one_family: two views of one perf.data
OMP_NUM_THREADS=2 perf record -e cpu-clock -F 499 -o "$B/tri.data" -- "$B/tri" 40000 \
  > imbalance/tri-run.txt 2>/dev/null
perf report -i "$B/tri.data" --stdio --sort pid 2>/dev/null > imbalance/perf-report-pid.txt
cp imbalance/perf-report-pid.txt imbalance_one_family/
perf report -i "$B/tri.data" --stdio --sort pid,sym 2>/dev/null \
  > imbalance_one_family/perf-report-pid-sym.txt
# imbalance_wait: equal work, thread 1 sleeps: printed wall times spread, CPU samples do not
OMP_NUM_THREADS=2 perf record -e cpu-clock -F 499 -o "$B/triw.data" -- "$B/tri" 40000 wait \
  > imbalance_wait/triw-run.txt 2>/dev/null
perf report -i "$B/triw.data" --stdio --sort pid 2>/dev/null \
  > imbalance_wait/perf-report-pid-wait.txt
# complex_calls: a complex multiply-accumulate calling __muldc3 (objdump + perf annotate)
(cd "$B" && perf record -e cpu-clock -F 999 -o cmul.data -- ./cmul 4096 100000 >/dev/null 2>&1)
perf annotate -i "$B/cmul.data" --stdio -s cmacc 2>/dev/null > complex_calls/perf-annotate-cmacc.txt
objdump -d --no-show-raw-insn --disassemble=cmacc "$B/cmul" > complex_calls/objdump-cmacc.txt
# complexity: an all-pairs loop, a printed sweep at three sizes and callgrind at two
for n in 5000 10000 20000; do "$B/pairs" $n $n; done > complexity/pairs-sweep.txt
for n in 1000 2000; do
  (cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg-$n.out ./pairs $n $n >/dev/null 2>&1)
  callgrind_annotate "$B/cg-$n.out" > complexity/callgrind-n$n.txt
done
# complexity_unpaired: the sweep, and callgrind of two runs whose arguments change by
# different factors (1000 1000, 2000 4000)
cp complexity/pairs-sweep.txt complexity/callgrind-n1000.txt complexity_unpaired/
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg-2000x4000.out ./pairs 2000 4000 \
  >/dev/null 2>&1)
callgrind_annotate "$B/cg-2000x4000.out" > complexity_unpaired/callgrind-2000x4000.txt
# complexity_cache: a pointer chase timed at four sizes (8x apart), callgrind at two
for n in 32768 262144 2097152 16777216; do "$B/chase" $n; done > complexity_cache/chase-sweep.txt
for n in 32768 65536; do
  (cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cgc-$n.out ./chase $n >/dev/null 2>&1)
  callgrind_annotate "$B/cgc-$n.out" > complexity_cache/callgrind-chase-n$n.txt
done
# spill: a synced scratch file per step (time -v + the program's own phase timers); spill_nap:
# the same bytes unsynced, the waiting in a sleep its compute timer holds
/usr/bin/time -v -o spill/time-v.txt "$B/spill" 4000000 8 "$B/scratch.bin" > spill/spill-output.txt
/usr/bin/time -v -o spill_nap/time-v.txt "$B/spill" 4000000 8 "$B/scratch.bin" nap \
  > spill_nap/spill-output.txt
# fmt_output: one fprintf per value into a file (program timers, perf report, strace -c)
perf record -e cpu-clock -F 999 -o "$B/fmt.data" -- "$B/fmtout" 1500000 "$B/field.txt" \
  > fmt_output/fmt-output.txt 2>/dev/null
perf report -i "$B/fmt.data" --stdio --sort dso,sym 2>/dev/null > fmt_output/perf-report-dso-sym.txt
strace -c -o fmt_output/strace-c.txt "$B/fmtout" 1500000 "$B/field.txt" > /dev/null
