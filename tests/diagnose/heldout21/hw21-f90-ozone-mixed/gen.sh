#!/bin/sh
# A folder as a user hands it over: the run log at 2 threads (OMP_DISPLAY_ENV), the site module shown
# with `module show`, a CSV thread sweep (/usr/bin/time rows), perf stat -a of a 2-thread run,
# likwid-bench triad on both cores, and the binary output field of the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/ozone.f90" -o "$B/ozone"
cat > "$OUT/module-show.txt" <<'MOD'
$ module show chem-env/3.2
-------------------------------------------------------------------
/opt/site/modulefiles/chem-env/3.2.lua:

whatis("chem-env: compilers, OpenMP defaults and data paths for the chemistry group")
setenv("OMP_NUM_THREADS","2")
setenv("OMP_PROC_BIND","spread")
setenv("OMP_PLACES","cores")
setenv("CHEM_DATA","/data/chem/v3")
prepend_path("PATH","/opt/chem/3.2/bin")
-------------------------------------------------------------------
MOD
{ echo "\$ OMP_DISPLAY_ENV=true ./ozone"; ompenv OMP_NUM_THREADS=2 OMP_PROC_BIND=spread OMP_PLACES=cores ./ozone; } > "$OUT/run.log"
echo "threads,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/sweep.csv"
for t in 1 2 1 2; do csvtime "$OUT/sweep.csv" "$t" env OMP_NUM_THREADS=$t ./ozone; done
{ echo "\$ perf stat -a -e task-clock,context-switches,cpu-migrations -- ./ozone"; perfstata env OMP_NUM_THREADS=2 ./ozone; } > "$OUT/perf-stat-a.txt"
{ echo "\$ likwid-bench -t triad -w S0:1GB:2"; likwid-bench -t triad -w S0:1GB:2 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; } > "$OUT/likwid-triad.txt"
head -c 180000 /dev/urandom > "$OUT/o3_step0012.dat"
snap
