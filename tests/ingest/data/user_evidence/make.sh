#!/bin/sh
# Regenerates the real-tool fixtures of the user-evidence adapters (program output, sweeps,
# runtime placement reports, strace -c, objdump -d, likwid-bench runs). Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
gcc -O2 src/report.c -o "$B/report"
"$B/report" > program-report.txt
gcc -O2 -fopenmp ../../../diagnose/data/src/sweep.c -o "$B/sweep"
{ echo "threads time_s"; for t in 1 2 4; do printf '%s ' "$t"; /usr/bin/time -f %e -o "$B/t" env OMP_NUM_THREADS=$t "$B/sweep" > /dev/null; cat "$B/t"; done; } > thread-sweep.txt
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores OMP_DISPLAY_ENV=verbose OMP_DISPLAY_AFFINITY=true "$B/sweep" > omp-interleaved.txt 2>&1
mpirun -np 2 --bind-to core --report-bindings true 2> report-bindings.txt
strace -c -o strace-c.txt ls / > /dev/null
strace -f -c -o strace-fc.txt sh -c 'ls / > /dev/null; cat /proc/version > /dev/null'
gcc -O3 -mavx2 -mfma -shared -fPIC src/mix.c -o "$B/mix.so" -lm
objdump -d --no-show-raw-insn "$B/mix.so" > objdump-mix.txt
numactl --show > numactl-show.txt
taskset -p $$ > taskset-p.txt
for _ in 1 2 3; do likwid-bench -t copy -w S0:4MB:1; done > likwid-bench-3runs.txt 2>&1
gcc -O2 -fopenmp src/workshare.c -o "$B/ws"
OMP_NUM_THREADS=2 "$B/ws" > thread-busy.txt
# -fno-if-conversion keeps the data-dependent branch a branch (gcc makes it a cmov otherwise)
gcc -O1 -fno-if-conversion -fno-if-conversion2 -g src/branchsum.c -o "$B/bs"
valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$B/cg.out" "$B/bs" 1048576 > /dev/null 2> cachegrind-branch.log
gcc -O2 src/pairs.c -o "$B/pairs"
{ echo "items time_s"; for n in 4000 8000 16000 32000; do printf '%s ' "$n"; "$B/pairs" "$n" | sed -n 's/.*time=\([0-9.]*\) s.*/\1/p'; done; } > size-sweep.txt
gcc -O2 -c src/modsum.c -o "$B/modsum.o"
objdump -d --no-show-raw-insn "$B/modsum.o" > objdump-intdiv.txt
gcc -O2 src/recheck.c -o "$B/rc"
strace -c -o strace-stat.txt "$B/rc" /etc/hostname 100000 > /dev/null
/usr/bin/time -v -o time-v-stat.txt "$B/rc" /etc/hostname 3000000 > /dev/null
gcc -O2 src/expcall.c -o "$B/ec" -lm
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/ec" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-exp.txt
gcc -O2 src/dropbuf.c -o "$B/db"
strace -c -o strace-madvise.txt "$B/db" > /dev/null
perf stat -e task-clock,context-switches,cpu-migrations,page-faults -o perf-stat-madvise.txt "$B/db" > /dev/null
gcc -O2 src/dumpsync.c -o "$B/ds"
strace -c -o strace-sync.txt "$B/ds" "$B/state.bin" > /dev/null
/usr/bin/time -v -o time-v-sync.txt "$B/ds" "$B/state.bin" > /dev/null
gcc -O2 src/ldgrowth.c -o "$B/lg" -lm
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/lg" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-ld.txt
objdump -d --no-show-raw-insn --disassemble=main "$B/lg" > objdump-ld.txt
mpicc -O2 src/rankwork.c -o "$B/rw"
mpirun -np 2 "$B/rw" > rank-prose.txt 2> /dev/null
bash -c "time $B/pairs 16000 > /dev/null" 2> shell-time.txt
/usr/bin/time -o gnu-time.txt "$B/pairs" 16000 > /dev/null
bash -c "time $B/pairs 16000" > output-and-time.txt 2>&1
mpicc -O0 src/rankwork.c -o "$B/rw0"
perf record -q -e cpu-clock -F 999 -o "$B/p.data" -- mpirun -np 2 "$B/rw0" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio --sort pid,sym 2> /dev/null | head -30 > perf-report-pid.txt
# program printouts in the shapes heldout4 showed (made here by that set's gen.sh, copied once
# it was scored): tests/diagnose/heldout4/<case>/gen.sh
#   kv-colon-lines.txt      sys4-mmap-per-step/data/mmapstep-output.txt   (key: value unit)
#   kv-inline-spaced.txt    app4-qsort-parse-gprof/data/qsort-output.txt  (key value ... inline)
#   two-column-N-threads.txt hw4-spmv-band-ceiling/data/spmv-N-threads.txt (name value unit)
#   rank-slash-lines.txt    rt4-barrier-step/data/barrier-output.txt      (rank 0/2 ... per rank)
#   notes-prose.md, gfortran-build.txt: a user's notes and gfortran -Warray-temporaries output
# libc routines whose repeated calls are redundant work (tests/diagnose/test_quantity_rules.py)
gcc -O2 -g src/envloop.c -o "$B/envloop"
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/envloop" 30000000 > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-envloop.txt
gcc -O2 -g src/clearbuf.c -o "$B/clearbuf"
"$B/clearbuf" > clearbuf-output.txt
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/clearbuf" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-clearbuf.txt
gcc -O2 -g -pg src/sortkeys.c -o "$B/sortkeys"
(cd "$B" && perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/sortkeys" > /dev/null 2>&1)
perf report -i "$B/p.data" --stdio 2> /dev/null | head -30 > perf-report-sortkeys.txt
(cd "$B" && gprof -b -p "$B/sortkeys" gmon.out) > gprof-sortkeys.txt
(cd "$B" && gprof -b -l -p "$B/sortkeys" gmon.out) > gprof-lines-sortkeys.txt
cp "$B/gmon.out" gmon-sortkeys.out
# a printout's own MPI counts and times, and one program printed at two sizes
mpicc -O2 src/bcastmany.c -o "$B/bcm"
mpirun -np 2 "$B/bcm" > bcast-rows.txt 2> /dev/null
for n in 8000 16000; do "$B/pairs" "$n" > "pairs-$n.txt"; done
# packed divide/sqrt code: one function cut out of objdump, gdb's disassemble, perf annotate -l
# pasted as its head (the sorted summary of hot lines, instruction lines cut off)
gcc -O3 -march=native -fno-math-errno -g src/sqrtdiv.c -o "$B/sqd" -lm
(cd "$B" && perf record -q -e cpu-clock -F 999 -g -o "$B/sq.data" ./sqd > /dev/null 2>&1)
perf annotate -i "$B/sq.data" --stdio -l main 2> /dev/null | head -40 > perf-annotate-sqrtdiv-head.txt
perf annotate -i "$B/sq.data" --stdio -l main 2> /dev/null > perf-annotate-sqrtdiv.txt
perf report -i "$B/sq.data" --stdio --sort sym,srcline 2> /dev/null | head -30 > perf-report-srcline-sqrtdiv.txt
objdump -d --no-show-raw-insn "$B/sqd" | awk -v f="<main>:" '$2 == f {p = 1} p && /^$/ {exit} p' > objdump-main-only.txt
gdb -batch -ex 'disassemble main' "$B/sqd" > gdb-disassemble-main.txt 2> /dev/null
# gfortran's array-temporary warnings and a perf report of the program (src/rowsmooth.f90)
gfortran -O2 -g -fno-inline -Warray-temporaries src/rowsmooth.f90 -o "$B/rs" > gfortran-array-temporaries.txt 2>&1
(cd "$B" && perf record -q -e cpu-clock -F 999 -o "$B/rs.data" ./rs > /dev/null 2>&1)
perf report -i "$B/rs.data" --stdio 2> /dev/null | head -25 > perf-report-rowsmooth.txt
# where the time of the buffer-dropping program goes (the kernel's page-fault path)
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/db" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-dropbuf.txt
# a critical section per element: two printouts (1 and 2 threads) and a perf report
gcc -O2 -fopenmp src/critacc.c -o "$B/crit"
for t in 1 2; do OMP_NUM_THREADS=$t "$B/crit" > "critacc-$t.txt"; done
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/crit" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-critacc.txt
# a log file opened and closed per event: printout, strace -c, perf report
gcc -O2 src/openper.c -o "$B/op"
"$B/op" "$B/ev.log" > openper-output.txt; rm -f "$B/ev.log"
strace -c -o strace-openper.txt "$B/op" "$B/ev.log" > /dev/null; rm -f "$B/ev.log"
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/op" "$B/ev.log" > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -30 > perf-report-openper.txt
# callgrind line costs with the calls each line makes (=> getenv (200,000x) under line 9)
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file="$B/cg.out" ./envloop 200000 > /dev/null 2>&1)
callgrind_annotate --auto=yes --include="$PWD/src" "$B/cg.out" 2> /dev/null | head -80 > callgrind-annotate-envloop.txt
# a program's own per-step times and per-thread busy times ("thread 0 of 2: 0.1 s")
gcc -O2 -fopenmp src/steps.c -o "$B/steps"
OMP_NUM_THREADS=2 "$B/steps" > steps-output.txt
# a string grown by strcat: three sizes and a perf report of the largest
gcc -O2 src/strgrow.c -o "$B/sg"
for n in 40000 80000 160000; do "$B/sg" "$n" > "strgrow-$n.txt"; done
perf record -q -e cpu-clock -F 999 -o "$B/p.data" "$B/sg" 160000 > /dev/null 2>&1
perf report -i "$B/p.data" --stdio 2> /dev/null | head -25 > perf-report-strgrow.txt
# runs printed as "Copy run N: T s, B MB/s" (values named by their units)
gcc -O2 src/copyruns.c -o "$B/cr"
"$B/cr" > copy-runs.txt
gcc -O2 -g src/quadpoly.c -o "$B/qp"
objdump -d --no-show-raw-insn "$B/qp" | awk '/^[0-9a-f]+ <horner/,/^$/' > objdump-softfloat.txt
perf record -q -e cpu-clock -F 999 -o "$B/qp.data" "$B/qp" > /dev/null 2>&1
perf report -i "$B/qp.data" --stdio 2> /dev/null | head -25 > perf-report-softfloat.txt
gcc -O2 -g src/cumdev.c -o "$B/cd"
for n in 10000 20000 40000; do "$B/cd" "$n"; done > cumdev-sweep.txt
perf record -q -e cpu-clock -F 999 -o "$B/cd.data" "$B/cd" 40000 > /dev/null 2>&1
perf annotate -l -i "$B/cd.data" --stdio prefix_dev 2> /dev/null | head -60 > perf-annotate-cumdev.txt
gcc -O2 src/fmtdump.c -o "$B/fd"
"$B/fd" big > fmtdump-big-output.txt
strace -c -o strace-fmtdump-big.txt "$B/fd" big > /dev/null
"$B/fd" none 100000 > fmtdump-none-output.txt
strace -c -o strace-fmtdump-none.txt "$B/fd" none 100000 > /dev/null
gcc -O2 -fopenmp src/ordsum.c -o "$B/os" -lm
# slow on purpose: the ordered hand-off made 200000 iterations take ~38 s on 2 threads here
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o "$B/os.data" "$B/os" > ordsum-2threads.txt 2>&1
perf report -i "$B/os.data" --stdio 2> /dev/null | head -30 > perf-report-ordsum.txt
OMP_NUM_THREADS=1 "$B/os" > ordsum-1thread.txt
gcc -O2 src/seekrec.c -o "$B/sr"
strace -c -o strace-seekrec.txt "$B/sr" "$B/rec.bin" > seekrec-strace-run.txt
/usr/bin/time -v -o time-v-seekrec.txt "$B/sr" "$B/rec.bin" > seekrec-output.txt
gcc -O2 -g src/bitcount.c -o "$B/bc"
objdump -d --no-show-raw-insn "$B/bc" | awk '/^[0-9a-f]+ <histogram/,/^$/' > objdump-bitcount.txt
perf record -q -e cpu-clock -F 999 -o "$B/bc.data" "$B/bc" > /dev/null 2>&1
perf report -i "$B/bc.data" --stdio 2> /dev/null | head -20 > perf-report-bitcount.txt
gcc -O2 -g src/rematch.c -o "$B/rm"
perf record -q -e cpu-clock -F 999 -o "$B/rm.data" "$B/rm" > rematch-output.txt 2>&1
perf report -i "$B/rm.data" --stdio 2> /dev/null | head -30 > perf-report-rematch.txt
valgrind --tool=callgrind --callgrind-out-file="$B/rm.cg" "$B/rm" 2000 > /dev/null 2>&1
callgrind_annotate "$B/rm.cg" 2> /dev/null | head -40 > callgrind-annotate-rematch.txt
gcc -O2 -g src/cumdev.c -o "$B/cd"
for n in 1500 3000; do
  valgrind --tool=callgrind --callgrind-out-file="$B/cd.$n.cg" "$B/cd" "$n" > /dev/null 2>&1
  callgrind_annotate "$B/cd.$n.cg" 2> /dev/null | head -30 > "callgrind-cumdev-$n.txt"
done
vmstat 1 3 > vmstat-3.txt
vmstat -t 1 2 > vmstat-t.txt
# one MPI_Get + fence per value: the ranks' printed counts and halo time, a perf report of rank 0
mpicc -O2 -g src/rmaget.c -o "$B/rg"
mpirun -np 2 "$B/rg" 5000 10 > rmaget-output.txt 2> /dev/null
(cd "$B" && mpirun -np 2 sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then exec perf record -q -e cpu-clock -F 999 -o rg.data ./rg 5000 10; else exec ./rg 5000 10; fi' > /dev/null 2>&1)
perf report -i "$B/rg.data" --stdio 2> /dev/null | head -30 > perf-report-rmaget.txt
# the same queries against a growing table: a linear scan per query, then a binary search
gcc -O2 src/scanfind.c -o "$B/sf"
for m in 1000 2000 4000 8000; do "$B/sf" "$m" 20000 scan; done > scanfind-scan.txt
for m in 1000 10000 100000 1000000; do "$B/sf" "$m" 200000 bsearch; done > scanfind-bsearch.txt
# omp parallel without omp for (every thread sweeps the whole array) vs the sweep shared out,
# at 1 and 2 threads; two omp sections of unequal cost at 2 threads
gcc -O2 -fopenmp src/allthreads.c -o "$B/at" -lm
for mode in dup for; do for t in 1 2; do
  OMP_NUM_THREADS=$t "$B/at" "$mode" 16000000 > "allthreads-$mode-$t.txt"
done; done
OMP_NUM_THREADS=1 "$B/at" sections 16000000 > sections-1thread.txt
OMP_NUM_THREADS=2 "$B/at" sections 16000000 > sections-2threads.txt
# one serial job alone, then four started together with xargs -P 4 on this 2-CPU machine,
# each under /usr/bin/time -v
gcc -O2 src/spin.c -o "$B/spin"
"$B/spin" 200000000 alone > spin-alone.txt
printf '1\n2\n3\n4\n' | xargs -P 4 -I{} /usr/bin/time -v -o "$B/spin-tv{}.txt" "$B/spin" 200000000 job{} > spin-xargs-p4.txt
for j in 1 2 3 4; do cat "$B/spin-tv$j.txt"; done > spin-time-v-p4.txt
for j in 1 2 3 4; do "$B/spin" 200000000 "job$j"; done > spin-sequential.txt
# a work list popped by shifting the array down (memmove per pop): a size sweep, perf report
gcc -O2 -g src/shiftq.c -o "$B/sq"
for n in 20000 40000 80000 160000; do "$B/sq" "$n"; done > shiftq-sweep.txt
perf record -q -e cpu-clock -F 999 -o "$B/sq.data" "$B/sq" 160000 > /dev/null 2>&1
perf report -i "$B/sq.data" --stdio 2> /dev/null | head -20 > perf-report-shiftq.txt
# one rank bound to one core with 1 and then 2 OpenMP threads (the threads share that core)
mpicc -O2 -fopenmp src/hybridsum.c -o "$B/hs"
mpirun -np 1 --bind-to core -x OMP_NUM_THREADS=1 "$B/hs" > hybrid-1thread.txt 2>&1
mpirun -np 1 --bind-to core --report-bindings -x OMP_NUM_THREADS=2 -x OMP_DISPLAY_AFFINITY=true "$B/hs" > hybrid-2threads.txt 2>&1
# a solve then a text snapshot of the grid: the program's own phase timers
gcc -O2 src/gridsave.c -o "$B/gs"
"$B/gs" 300 "$B/grid.txt" > gridsave-output.txt
# one job alone at nice 19 while the machine is busy, under /usr/bin/time -v
nice -n 19 /usr/bin/time -v -o spin-niced-time-v.txt "$B/spin" 200000000 niced > spin-niced.txt
gcc -O2 src/sumcheck.c -o "$B/sc"
"$B/sc" > sumcheck-output.txt
mpicc -O2 -g src/unequal_mpi.c -o "$B/uq" -lm
for f in 0.75:unequal 0.5:even; do
  perf record -q -e cpu-clock -g -o "$B/uq.data" -- mpirun -np 2 "$B/uq" 40000000 "${f%%:*}" > /dev/null
  perf report -i "$B/uq.data" --stdio --no-children --call-graph=none --sort pid,dso 2> /dev/null > "perf-report-pid-dso-${f##*:}.txt"
done
gcc -O2 -fopenmp -c src/atomcount.c -o "$B/atomcount.o"
objdump -d --no-show-raw-insn "$B/atomcount.o" > objdump-atomcount.txt
gcc -O2 -g -fopenmp src/atomcount.c -o "$B/ac"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$B/ac.data" "$B/ac" 40000000 > /dev/null
perf annotate -i "$B/ac.data" --stdio -l count_even._omp_fn.0 2> /dev/null > perf-annotate-atomcount.txt
gcc -O2 src/prosestyles.c -o "$B/prose"
"$B/prose" > prose-report.txt
gcc -O0 -g src/leaky.c -o "$B/leaky"
valgrind --leak-check=full "$B/leaky" > /dev/null 2> memcheck-errors.log || true
gcc -O2 src/pairs.c -o "$B/pairs"
valgrind "$B/pairs" 2000 > /dev/null 2> memcheck-clean.log
mpirun -np 2 --display-map --display-allocation true > mpirun-display-map.txt 2>&1
gcc -O2 -fopenmp src/workshare.c -o "$B/ws" -lm
{ file "$B/ws"; ldd "$B/ws"; size "$B/ws"; } > binary-ws-info.txt
gcc -O2 -static src/pairs.c -o "$B/pairs-static" && strip "$B/pairs-static"
{ file "$B/pairs-static"; ldd "$B/pairs-static" 2>&1 || true; size "$B/pairs-static"; } > binary-static-info.txt
J=$(sbatch --parsable -c 1 -t 5 -o /dev/null --wrap "sleep 30"); sleep 3
scontrol show job "$J" > scontrol-show-job.txt; scancel "$J"
