#!/bin/sh
# Regenerate the diag21 fixtures (gcc/gfortran -fopenmp, perf with cpu-clock, GNU time) on a
# 2-core machine. Numbers change run to run; what the tests check does not:
#   teamwork (per-thread CPU time printed from inside one static loop; argument 2 = 1 makes the
#   cost of iteration i grow with i): dyn_lowered (OMP_DYNAMIC=true, 4 threads requested on 2
#   CPUs: libgomp shrank the team), dyn_false (OMP_DYNAMIC=false, 2 threads: the full team ran),
#   dyn_loaded_timev (teamall: every requested thread printed, 0 s for one that never ran;
#   OMP_DYNAMIC=true, 2 threads at load average ~4, under /usr/bin/time -v),
#   dyn_teamsize / full_teamsize (teamsize: three regions each printing its team size, no
#   per-thread timers; OMP_DYNAMIC=true on a loaded node vs OMP_DYNAMIC=false),
#   static_sorted / static_even (2 threads, sorted vs equal costs);
#   costsort / even (cells sorted by cost vs equal cost under schedule(static)) with perf report
#   by thread (--sort pid,comm), by symbol, and perf annotate of the outlined loop body;
#   bars (Fortran: 3000 short parallel loops) with OMP_WAIT_POLICY=active under /usr/bin/time -v,
#   6 threads (omp6_active) vs 2 (omp2_active), OMP_DISPLAY_ENV in the same log.
set -e
D=$(cd "$(dirname "$0")" && pwd); W=$(mktemp -d); cd "$W"
gcc -O2 -fopenmp "$D/src/teamwork.c" -o teamwork
gcc -O2 -g -fopenmp "$D/src/costsort.c" -o costsort
gcc -O2 -g -fopenmp "$D/src/even.c" -o even
gfortran -O2 -fopenmp "$D/src/bars.f90" -o bars
gcc -O2 -fopenmp "$D/src/teamall.c" -o teamall
gcc -O2 -fopenmp "$D/src/teamsize.c" -o teamsize
OMP_DYNAMIC=true OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true \
    ./teamsize > "$D/dyn_teamsize.txt" 2>&1  # needs load average > 1
OMP_DYNAMIC=false OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./teamsize > "$D/full_teamsize.txt" 2>&1
(OMP_DYNAMIC=true OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true \
    /usr/bin/time -v ./teamall 600) > "$D/dyn_loaded_timev.txt" 2>&1  # needs load average > 1
OMP_DYNAMIC=true OMP_NUM_THREADS=4 OMP_DISPLAY_ENV=verbose OMP_DISPLAY_AFFINITY=true \
    ./teamwork 600 0 > "$D/dyn_lowered.txt" 2>&1
OMP_DYNAMIC=false OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose OMP_DISPLAY_AFFINITY=true \
    ./teamwork 600 0 > "$D/dyn_false.txt" 2>&1
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./teamwork 1000 1 > "$D/static_sorted.txt" 2>&1
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./teamwork 1000 0 > "$D/static_even.txt" 2>&1
for p in costsort:sorted even:even; do
    b=${p%%:*}; n=${p##*:}
    OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$b.data" "./$b" 800 > /dev/null
    perf report -i "$b.data" --stdio --sort pid,comm > "$D/${n}_perf_pid.txt" 2>/dev/null
    perf report -i "$b.data" --stdio --sort comm,dso,sym > "$D/${n}_perf_sym.txt" 2>/dev/null
done
perf annotate -i costsort.data --stdio --no-demangle -s main._omp_fn.0 2>/dev/null \
    | head -60 > "$D/sorted_annotate.txt"
(OMP_NUM_THREADS=6 OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=true /usr/bin/time -v ./bars) \
    > "$D/omp6_active.txt" 2>&1
(OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=true /usr/bin/time -v ./bars) \
    > "$D/omp2_active.txt" 2>&1
rm -rf "$W"
