#!/bin/sh
# Regenerates the real-tool fixtures of the system-evidence adapters (gdb backtraces, massif's
# ms_print, ps -L / top -H, Slurm sacct -c, one-value system files, perf report --sort pid).
# Run from this directory on the project's machine (Slurm must be up for the sacct files).
set -eu
B=$(mktemp -d)
P=""
cleanup() { [ -n "$P" ] && kill "$P" 2> /dev/null; rm -rf "$B"; }
trap cleanup EXIT
gcc -O2 -g -pthread src/waiters.c -o "$B/waiters" -lm
gcc -O2 -g -fopenmp src/ompspin.c -o "$B/ompspin" -lm
gcc -O1 -g src/heapgrow.c -o "$B/heapgrow"
# start a program in the background and wait for its "ready" line (a fifo, not a sleep)
start() {
  rm -f "$B/fifo"; mkfifo "$B/fifo"
  "$@" > "$B/fifo" & P=$!
  read -r _ < "$B/fifo"
}
stop() { kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true; P=""; }
# four pthreads: computing, blocked on a mutex, waiting on a condition, polling; main sleeps
start "$B/waiters"
gdb -batch -p "$P" -ex "thread apply all bt" > gdb-thread-apply-all-bt.txt 2> /dev/null
gdb -batch -p "$P" -ex "bt" > gdb-bt.txt 2> /dev/null
ps -L -o tid,pcpu,psr,comm -p "$P" > ps-L-waiters.txt
top -H -b -n 1 -p "$P" > top-H-waiters.txt
cat "/proc/$P/schedstat" > schedstat-waiters.txt
stop
# an OpenMP loop at 2 threads whose second thread waits at the barrier most of the time
OMP_NUM_THREADS=2 start "$B/ompspin"
gdb -batch -p "$P" -ex "thread apply all bt" > gdb-omp-bt.txt 2> /dev/null
ps -L -o pid,lwp,psr,pcpu,stat,time,comm -p "$P" > ps-L-omp.txt
stop
OMP_NUM_THREADS=2 timeout -s INT 4 perf record -q -e cpu-clock -F 999 -o "$B/o.data" "$B/ompspin" > /dev/null 2>&1 || true
perf report -i "$B/o.data" --stdio --sort pid 2> /dev/null > perf-report-sort-pid.txt
perf report -i "$B/o.data" --stdio --sort comm,pid 2> /dev/null > perf-report-sort-comm-pid.txt
perf report -i "$B/o.data" --stdio --sort pid,sym 2> /dev/null | head -30 > perf-report-sort-pid-sym.txt
# massif: three allocation sites (one large grid, a realloc-grown table, many small nodes)
(cd "$B" && valgrind --tool=massif --massif-out-file=ms.out ./heapgrow > /dev/null 2>&1)
ms_print "$B/ms.out" > ms_print-heapgrow.txt
# Slurm accounting of a 2-CPU job (sacct -c reads the job-completion file on this machine)
J=$(sbatch --parsable --wait -n 1 -c 2 -o /dev/null --export=ALL,OMP_NUM_THREADS=2 --wrap "timeout -s INT 2 $B/ompspin > /dev/null; true")
sacct -c -j "$J" > sacct-default.txt
sacct -c -j "$J" --format=JobID,JobName,Partition,AllocCPUS,NCPUS,NNodes,Elapsed,TotalCPU,MaxRSS,NTasks,State,ExitCode > sacct-format.txt
sacct -c -j "$J" -P --format=JobID,JobName,AllocCPUS,Elapsed,ElapsedRaw,TotalCPU,MaxRSS,NTasks,State,ExitCode > sacct-parsable.txt
# one-value system files users paste
nproc > nproc.txt
{ echo "$ nproc --all"; nproc --all; } > nproc-all.txt
uptime > uptime.txt
cat /proc/loadavg > proc-loadavg.txt
free -m > free-m.txt
free -h > free-h.txt
sh -c 'ulimit -a' > ulimit-a.txt
bash -c 'ulimit -a' > ulimit-a-bash.txt
LC_ALL=C lscpu > lscpu.txt
# a reader's own printout and ls -l / du of what a run wrote
dd if=/dev/zero of="$B/out.bin" bs=4096 count=2048 status=none
head -c 33 /etc/services > "$B/solver.log"
(cd "$B" && ls -l out.bin solver.log) > ls-l-outputs.txt
{ echo "$ du -b out.bin solver.log"; (cd "$B" && du -b out.bin solver.log); } > du-outputs.txt
(cd "$B" && du out.bin solver.log) > du-default.txt
gcc -O2 src/blockread.c -o "$B/br"
"$B/br" "$B/out.bin" 4096 > blockread-output.txt
# an OpenMP team whose other threads wait at a barrier (passive: asleep in libgomp)
gcc -O2 -g -fopenmp src/barrierwait.c -o "$B/bw" -lm
OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive start "$B/bw"
gdb -batch -p "$P" -ex "thread apply all bt" > gdb-omp-barrier-bt.txt 2> /dev/null
stop
# rank 1 of 2 waits in MPI_Recv while rank 0 computes (gdb attached to rank 1)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 -g src/mpiwait.c -o "$B/mw" -lm
rm -f "$B/fifo"; mkfifo "$B/fifo"
mpirun -np 2 "$B/mw" > "$B/fifo" 2> /dev/null & P=$!
read -r _ RANK1 < "$B/fifo"
gdb -batch -p "$RANK1" -ex "thread apply all bt" > gdb-mpi-recv-bt.txt 2> /dev/null
stop
# a program's own size table with a column headed by its unit, and a pthread pool's printout
gcc -O2 -pthread src/copysweep.c -o "$B/cs"
"$B/cs" > copysweep-table.txt
"$B/cs" pool 8 > pool-output.txt
# /proc/PID/status of the four-thread program started on CPU 0 only (taskset -c 0)
rm -f "$B/fifo"; mkfifo "$B/fifo"
taskset -c 0 "$B/waiters" > "$B/fifo" & P=$!
read -r _ < "$B/fifo"
cat "/proc/$P/status" > proc-status-waiters.txt
stop
# /proc/PID/sched and /proc/PID/schedstat of a shell busy loop on CPU 0: alone, then sharing
# CPU 0 with a competing busy process (yes)
spin='i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; cat /proc/$$/sched > "$1"; cat /proc/$$/schedstat > "$2"'
taskset -c 0 sh -c "$spin" sh proc-sched-alone.txt proc-schedstat-alone.txt
taskset -c 0 yes > /dev/null & Y=$!
taskset -c 0 sh -c "$spin" sh proc-sched-shared.txt proc-schedstat-shared.txt
kill "$Y"; wait "$Y" 2> /dev/null || true
