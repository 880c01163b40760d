#!/bin/sh
# C OpenMP Kepler solves started by a job script that wraps the program in taskset -c 0, with
# OMP_NUM_THREADS=2: the script, hwloc-ps -t of the running job, and perf stat of the same launch.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/kepler.c" -o "$B/kepler" -lm
cat > "$B/run.sh" << 'EOS'
#!/bin/sh
# production launch: pin the solver to one core (kept from the serial version's script)
export OMP_NUM_THREADS=2
exec taskset -c 0 ./kepler "$@"
EOS
chmod +x "$B/run.sh"
cp "$B/run.sh" "$OUT/run.sh"
(cd "$B" && { ./run.sh 4000 1500 > job.out 2>&1 & pid=$!
 sleep 1
 { echo "\$ hwloc-ps -t --pid $pid"; hwloc-ps -t --pid "$pid" 2>&1; echo "\$ taskset -acp $pid"; taskset -acp "$pid" 2>&1; } > hwloc.txt
 wait; })
cp "$B/hwloc.txt" "$OUT/hwloc-ps.txt"
cp "$B/job.out" "$OUT/job.out"
{ echo "\$ perf stat ./run.sh 4000 400"; (cd "$B" && perf stat -e task-clock,context-switches,cpu-migrations ./run.sh 4000 400 2>&1); } > "$OUT/perf-stat.txt"
snap
