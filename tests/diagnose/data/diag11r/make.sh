#!/bin/sh
# Real tool outputs for the diagnose rules of diag11r (library work in the inner loop, small
# I/O requests, subnormal step times, a worker pool wider than the CPUs). Run from this folder:
# sh make.sh  (gcc, perf, valgrind, strace, GNU time)
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
rep() { perf report -i "$1" --stdio --no-children -g none --percent-limit 0.5 2> /dev/null | head -40; }
gcc -O2 -g src/bins.c -o "$B/bins"
gcc -O2 -g src/stamps.c -o "$B/stamps"
gcc -O2 -g src/quietlog.c -o "$B/quietlog"
gcc -O2 -g src/smallread.c -o "$B/smallread"
gcc -O2 -g src/flushdecay.c -o "$B/flushdecay"
gcc -O2 -g -pthread src/spinpool.c -o "$B/spinpool"
# allocation per particle: perf report and callgrind line costs
"$B/bins" 2000000 > bins-output.txt
perf record -q -e cpu-clock -F 999 -g -o "$B/b.data" "$B/bins" 2000000 > /dev/null
rep "$B/b.data" > bins-perf-report.txt
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./bins 200000 > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | head -80 > bins-callgrind-annotate.txt
# a thread CPU clock read per cell: perf report and strace -c
"$B/stamps" 300000 > stamps-output.txt
perf record -q -e cpu-clock -F 999 -g -o "$B/s.data" "$B/stamps" 300000 > /dev/null
rep "$B/s.data" > stamps-perf-report.txt
strace -c -o stamps-strace-c.txt "$B/stamps" 300000 > /dev/null
# trace messages formatted and dropped: perf report and strace -c
"$B/quietlog" 600000 > quietlog-output.txt 2> /dev/null
perf record -q -e cpu-clock -F 999 -g -o "$B/q.data" "$B/quietlog" 600000 > /dev/null 2>&1
rep "$B/q.data" > quietlog-perf-report.txt
strace -c -o quietlog-strace-c.txt "$B/quietlog" 600000 > /dev/null 2>&1
# 8 KiB O_DIRECT reads of a 16 MB file on the disk (not tmpfs): time -v and strace -c
head -c 16777216 /dev/urandom > "$B/../diag11r-input.bin"
/usr/bin/time -v -o smallread-time-v.txt "$B/smallread" "$B/../diag11r-input.bin" 8192 > smallread-output.txt
strace -c -o smallread-strace-c.txt "$B/smallread" "$B/../diag11r-input.bin" 8192 > /dev/null
rm -f "$B/../diag11r-input.bin"
# a decaying recurrence that reaches subnormal values: the program's step times, perf stat
perf stat -o flushdecay-perf-stat.txt -e task-clock,context-switches,cpu-migrations,page-faults \
  "$B/flushdecay" 2048 12000 > flushdecay-output.txt
# a pool of 6 spinning workers on this machine's CPUs: printout and time -v
/usr/bin/time -v -o spinpool-time-v.txt "$B/spinpool" 6 40000 40 > spinpool-output.txt
# per-process and per-thread sample shares: an MPI run with contiguous bands of unequal rows
# (perf record of mpirun, perf report --sort pid,sym) and an OpenMP loop over five equal blocks
# shared out one block at a time on two threads (perf report --sort pid,sym and --sort pid)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 -g src/bands.c -o "$B/bands" -lm
gcc -O2 -g -fopenmp src/blocks.c -o "$B/blocks" -lm
perf record -q -e cpu-clock -F 999 -o "$B/m.data" -- mpirun -np 2 "$B/bands" 300 > bands-output.txt
perf report -i "$B/m.data" --stdio --no-children --sort pid,sym --percent-limit 0.5 2> /dev/null | head -40 > bands-perf-report-pid-sym.txt
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o "$B/o.data" "$B/blocks" 400000 10 > blocks-output.txt
perf report -i "$B/o.data" --stdio --no-children --sort pid,sym --percent-limit 0.5 2> /dev/null | head -40 > blocks-perf-report-pid-sym.txt
perf report -i "$B/o.data" --stdio --no-children --sort pid 2> /dev/null | head -20 > blocks-perf-report-pid.txt
# a server rank handing out one small request per message (its printout per rank)
mpicc -O2 -g src/pingfarm.c -o "$B/pingfarm"
mpirun -np 2 "$B/pingfarm" 50000 > pingfarm-output.txt
# callgrind of an all-pairs loop at two sizes (the second argument, repetitions, unchanged)
gcc -O2 -g src/pairsum.c -o "$B/pairsum"
for n in 1000 2000; do
  (cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg$n.out ./pairsum $n 3 > /dev/null 2>&1)
  callgrind_annotate "$B/cg$n.out" 2> /dev/null | head -40 > pairsum-callgrind-n$n.txt
done
# a loop gcc vectorizes through libmvec (-O3 -ffast-math): remarks and perf report
gcc -O3 -march=native -ffast-math -g -fopt-info-vec-all=softplus-gcc-remarks.txt src/softplus.c -o "$B/softplus" -lm
perf record -q -e cpu-clock -F 999 -o "$B/v.data" "$B/softplus" 20000 > /dev/null
rep "$B/v.data" > softplus-perf-report.txt
# gprof of a per-number divisor count at two sizes (each call tries every smaller number)
gcc -O2 -pg src/divcount.c -o "$B/divcount"
for n in 15000 30000; do
  (cd "$B" && ./divcount $n > "$OLDPWD/divcount-output-n$n.txt" && gprof -b -p ./divcount gmon.out 2> /dev/null | head -12) > divcount-gprof-n$n.txt
done
