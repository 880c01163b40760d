#!/bin/sh
# Real tool outputs for the diag15 system/runtime rules. Run from this folder: sh make.sh
# (gcc with OpenMP, strace, perf, valgrind, GNU time, procps top/vmstat/ps, stress-ng). The
# stored outputs were made at load average 5-9 from other jobs on this 2-CPU machine: the
# tests read counts, shares and medians from them, never absolute seconds as a bar.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
gcc -O2 -g -fopenmp src/libone.c -o "$B/libone" -lm
for p in tposepow2 forkcow spill serialsum; do gcc -O2 -g "src/$p.c" -o "$B/$p"; done
export OMP_NUM_THREADS=2
# 1. a library sets the thread count to one: display env/affinity, perf by thread, ps -L, time -v
OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true "$B/libone" 4000000 20 0 > libone-output.txt 2>&1
/usr/bin/time -v -o libone-time-v.txt "$B/libone" 4000000 20 0 > /dev/null
/usr/bin/time -v -o libone-restored-time-v.txt "$B/libone" 4000000 20 1 > /dev/null
perf record -q -e cpu-clock -o "$B/one.data" "$B/libone" 4000000 20 0 > /dev/null 2>&1
perf report -i "$B/one.data" --stdio --sort pid > libone-perf-report-pid.txt 2>/dev/null
perf record -q -e cpu-clock -o "$B/two.data" "$B/libone" 4000000 20 1 > /dev/null 2>&1
perf report -i "$B/two.data" --stdio --sort pid > libone-restored-perf-report-pid.txt 2>/dev/null
"$B/libone" 4000000 40 0 > /dev/null & P=$!; sleep 2; ps -L -o pid,tid,pcpu,psr,comm -p $P > libone-ps-L.txt; wait $P
"$B/libone" 4000000 40 1 > /dev/null & P=$!; sleep 2; ps -L -o pid,tid,pcpu,psr,comm -p $P > libone-restored-ps-L.txt; wait $P
# 2. tiled transpose, leading dimension 2048 (a power of two) and padded to 2056
for ld in 2048 2056; do
  valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$B/cg.$ld" "$B/tposepow2" 2048 $ld 1 > tpose-ld$ld-output.txt 2> tpose-ld$ld-cachegrind.log
  cg_annotate "$B/cg.$ld" > tpose-ld$ld-cg_annotate.txt
done
# 2b. a size sweep with 64x64 tiles (32 KiB: fit the 48 KiB L1 of this machine by size)
gcc -O2 -g -DT=64 src/tposepow2.c -o "$B/tpose64"
for r in 1 2 3; do for n in 2032 2048 2064; do "$B/tpose64" $n $n 4; done; done > tpose-sweep-output.txt
# the same sweep with every leading dimension padded by one cache line (8 doubles)
for r in 1 2 3; do for n in 2032 2048 2064; do "$B/tpose64" $n $((n + 8)) 4; done; done > tpose-sweep-padded-output.txt
# 3. a checkpoint child forked every step vs once at start
strace -f -c -o fork-every-strace-f-c.txt "$B/forkcow" 25000000 8 1 > fork-every-output.txt
perf stat -e task-clock,page-faults,minor-faults,major-faults -o fork-every-perf-stat.txt "$B/forkcow" 25000000 8 1 > /dev/null
strace -f -c -o fork-once-strace-f-c.txt "$B/forkcow" 25000000 8 0 > fork-once-output.txt
perf stat -e task-clock,page-faults,minor-faults,major-faults -o fork-once-perf-stat.txt "$B/forkcow" 25000000 8 0 > /dev/null
# 4. an intermediate array spilled to a scratch file every step vs the result written once
strace -f -c -o spill-strace-f-c.txt "$B/spill" /var/tmp/d15spill.bin 4000000 10 1 > spill-output.txt
strace -c -w -o spill-strace-c-w.txt "$B/spill" /var/tmp/d15spill.bin 4000000 10 1 > /dev/null
strace -f -c -o once-strace-f-c.txt "$B/spill" /var/tmp/d15once.bin 4000000 10 0 > once-output.txt
# 5. a serial job beside three CPU hogs; then the same job under SCHED_FIFO (it keeps a core)
stress-ng --cpu 3 --timeout 25 -q & S=$!
sleep 1
"$B/serialsum" 2400000000 > contended-output.txt & P=$!
sleep 1
top -b -n 2 -d 2 -w 200 > contended-top.txt & T=$!
vmstat 1 5 > contended-vmstat.txt
wait $T; wait $P; kill $S 2>/dev/null || true; wait $S 2>/dev/null || true
stress-ng --cpu 3 --timeout 25 -q & S=$!
sleep 1
chrt -f 10 "$B/serialsum" 2400000000 > favoured-output.txt & P=$!
sleep 1
top -b -n 2 -d 2 -w 200 > favoured-top.txt & T=$!
vmstat 1 5 > favoured-vmstat.txt
wait $T; wait $P; kill $S 2>/dev/null || true; wait $S 2>/dev/null || true
# 1a. the same with the array initialised in parallel before the library's setup: the
# thread pool exists (ps -L lists two threads) but only one thread runs the sweeps
OMP_DISPLAY_AFFINITY=true "$B/libone" 4000000 20 0 1 > warm-output.txt 2>&1
perf record -q -e cpu-clock -o "$B/warm.data" "$B/libone" 4000000 20 0 1 > /dev/null 2>&1
perf report -i "$B/warm.data" --stdio --sort pid > warm-perf-report-pid.txt 2>/dev/null
"$B/libone" 4000000 40 0 1 > /dev/null & P=$!; sleep 2; ps -L -o pid,tid,pcpu,psr,comm -p $P > warm-ps-L.txt; wait $P
# 1b. the hot code of the lowered run by symbol; the same program with both threads bound to
# one core (affinity, threads exist); a serial program run with OMP_NUM_THREADS=2
perf record -q -e cpu-clock -o "$B/one.data" "$B/libone" 4000000 20 0 > /dev/null 2>&1
perf report -i "$B/one.data" --stdio --no-children > libone-perf-report.txt 2>/dev/null
OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_DISPLAY_AFFINITY=true "$B/libone" 4000000 20 1 > bound-output.txt 2>&1
OMP_PLACES='{0}' OMP_PROC_BIND=true perf record -q -e cpu-clock -o "$B/bound.data" "$B/libone" 4000000 20 1 > /dev/null 2>&1
perf report -i "$B/bound.data" --stdio --sort pid > bound-perf-report-pid.txt 2>/dev/null
perf record -q -e cpu-clock -o "$B/serial.data" "$B/serialsum" 600000000 > /dev/null 2>&1
perf report -i "$B/serial.data" --stdio --no-children > serial-perf-report.txt 2>/dev/null
"$B/serialsum" 2400000000 > /dev/null & P=$!; sleep 1; ps -L -o pid,tid,pcpu,psr,comm -p $P > serial-ps-L.txt; wait $P
