#!/bin/sh
# Regenerates the diag23 cases' data/ with real tools on this machine (2 CPUs).
# Usage: sh gen.sh [case ...]   (all cases when none given). Numbers change run to run;
# labels (label.yaml, written before any perfscout rule ran on these outputs) do not.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$HERE/_src
B=$(mktemp -d)
PY=${PY:-/work/main/.venv/bin/python}
snap() { (cd "$HERE/../../../.." && PYTHONPATH=src $PY -m perfscout snapshot --json) > "$1/platform.json" 2>/dev/null; }
T=/usr/bin/time
prep() { d=$HERE/$1/data; rm -rf "$d"; mkdir -p "$d"; snap "$HERE/$1"; }

rt23_f90_serial_setup() { prep rt23-f90-serial-setup
  gfortran -O2 -fopenmp -o $B/serialinit $SRC/serialinit.f90
  OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true $B/serialinit > $d/run.log 2>&1
  OMP_NUM_THREADS=2 $T -v $B/serialinit > /dev/null 2> $d/time-v.txt; }
rt23_cxx_static_triangle() { prep rt23-cxx-static-triangle
  g++ -O2 -fopenmp -o $B/triimb $SRC/triimb.cpp
  OMP_NUM_THREADS=2 $B/triimb > $d/printout.txt 2>&1
  OMP_NUM_THREADS=2 $T -v $B/triimb > /dev/null 2> $d/time-v.txt; }
sys23_c_barrier_oversub() { prep sys23-c-barrier-oversub
  gcc -O2 -fopenmp -o $B/barriers $SRC/barriers.c
  OMP_NUM_THREADS=8 perf stat -x, -e task-clock,context-switches,cpu-migrations,page-faults \
      -o $d/perf-stat.csv $B/barriers > $d/program.txt 2>&1
  nproc > $d/nproc.txt; }
rt23_c_taskset_one_core() { prep rt23-c-taskset-one-core
  gcc -O2 -fopenmp -o $B/pinned $SRC/pinned.c
  OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT='tid %n on cpus {%A}' \
      taskset -c 0 $B/pinned > $d/job.log 2>&1
  OMP_NUM_THREADS=2 taskset -c 0 $T -v $B/pinned > /dev/null 2> $d/time-v.txt; }
hw23_f90_triad_mbs() { prep hw23-f90-triad-mbs
  gfortran -O3 -march=native -fopenmp -o $B/triad $SRC/triad.f90
  OMP_NUM_THREADS=2 OMP_PROC_BIND=spread $B/triad > $d/triad-output.txt 2>&1
  likwid-bench -t stream_avx -w S0:800MB:2 > $d/likwid-bench-stream.txt 2>&1; }
hw23_c_colwalk_cg_sortD1() { prep hw23-c-colwalk-cg-sortD1
  gcc -O2 -g -o $B/colwalk $SRC/colwalk.c
  valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=$B/cg.out $B/colwalk > /dev/null 2> $d/cachegrind.log
  cg_annotate --show=Dr,D1mr,DLmr --sort=D1mr $B/cg.out > $d/cg_annotate-D1mr.txt 2>&1
  perf record -e cpu-clock -o $B/perf.data $B/colwalk > /dev/null 2>&1
  perf report -i $B/perf.data --stdio --sort dso,sym > $d/perf-report.txt 2>/dev/null; }
hw23_f90_poly_O1_objdump() { prep hw23-f90-poly-O1-objdump
  gfortran -O1 -g -o $B/poly $SRC/poly.f90
  objdump -d --no-show-raw-insn $B/poly | awk '/<__kern_MOD_evalpoly>:/,/^$/' > $d/objdump-evalpoly.txt
  perf record -e cpu-clock -o $B/perf.data $B/poly > $d/poly-output.txt 2>&1
  perf report -i $B/perf.data --stdio --sort sym > $d/perf-report.txt 2>/dev/null; }
alg23_mpi_one_double_msgs() { prep alg23-mpi-one-double-msgs
  mpicc -O2 -o $B/tinymsg $SRC/tinymsg.c
  mpirun --allow-run-as-root --oversubscribe --tag-output -np 2 $B/tinymsg > $d/mpirun.log 2>&1; }
alg23_mpi_barrier_unequal() { prep alg23-mpi-barrier-unequal
  mpicc -O2 -o $B/unequal $SRC/unequal.c -lm
  mpirun --allow-run-as-root --oversubscribe --timestamp-output -np 2 $B/unequal > $d/mpirun.log 2>&1; }
app23_py_flush_per_line() { prep app23-py-flush-per-line
  OUT=$B/log.txt strace -f -c -S calls -o $d/strace-c.txt python3 $SRC/flushlog.py > $d/program.txt 2>&1
  OUT=$B/log.txt $T -v python3 $SRC/flushlog.py > /dev/null 2> $d/time-v.txt; }
sys23_cxx_vector_per_step() { prep sys23-cxx-vector-per-step
  g++ -O2 -o $B/allocstep $SRC/allocstep.cpp
  perf stat -e task-clock,page-faults,minor-faults,major-faults -o $d/perf-stat.txt $B/allocstep > $d/program.txt 2>&1
  $T -v $B/allocstep > /dev/null 2> $d/time-v.txt; }
alg23_f90_pairs_sweep() { prep alg23-f90-pairs-sweep
  gfortran -O2 -o $B/dupcheck $SRC/dupcheck.f90
  $B/dupcheck > $d/sweep.txt 2>&1; }

rt23_cxx_triangle_perf_tid() { prep rt23-cxx-triangle-perf-tid
  g++ -O2 -fopenmp -o $B/triimb $SRC/triimb.cpp
  OMP_NUM_THREADS=2 perf record -e cpu-clock -o $B/perf.data $B/triimb > $d/printout-unused.txt 2>&1
  rm -f $d/printout-unused.txt
  { perf report -i $B/perf.data --stdio --sort pid; perf report -i $B/perf.data --stdio --sort sym; } > $d/perf-report.txt 2>/dev/null; }
sys23_mpi_4ranks_2cores() { prep sys23-mpi-4ranks-2cores
  mpicc -O2 -o $B/ranks4 $SRC/ranks4.c -lm
  $T -v mpirun --allow-run-as-root --oversubscribe -np 4 $B/ranks4 > $d/job-output.txt 2> $d/time-v.txt; }
hw23_f90_stencil_callgrind_cache() { prep hw23-f90-stencil-callgrind-cache
  gfortran -O2 -g -o $B/stencil $SRC/stencil_cols.f90
  valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file=$B/cg.out $B/stencil > /dev/null 2> $d/callgrind.log
  callgrind_annotate --auto=yes --sort=D1mr $B/cg.out > $d/callgrind_annotate-D1mr.txt 2>&1; }
app23_f90_flush_per_record() { prep app23-f90-flush-per-record
  gfortran -O2 -o $B/recwrite $SRC/recwrite.f90
  (cd $B && strace -f -c -w -o $d/strace-cw.txt ./recwrite > $d/recwrite-output.txt 2>&1); }
sys23_c_malloc_16mb_perf_csv() { prep sys23-c-malloc-16mb-perf-csv
  gcc -O2 -o $B/bigmalloc $SRC/bigmalloc.c
  perf stat -x, -e task-clock,page-faults,minor-faults -o $d/perf-stat.csv $B/bigmalloc > /dev/null 2>&1
  perf record -e cpu-clock -o $B/perf.data $B/bigmalloc > /dev/null 2>&1
  perf report -i $B/perf.data --stdio --sort sym > $d/perf-report.txt 2>/dev/null; }
alg23_cxx_front_insert_csv() { prep alg23-cxx-front-insert-csv
  g++ -O2 -o $B/frontins $SRC/frontins.cpp
  $B/frontins > $d/sweep.csv 2>&1; }
rt23_c_half_serial_sweep() { prep rt23-c-half-serial-sweep
  gcc -O2 -fopenmp -o $B/halfserial $SRC/halfserial.c -lm
  for t in 1 2; do echo "=== OMP_NUM_THREADS=$t ==="; OMP_NUM_THREADS=$t $B/halfserial 2>&1; done > $d/sweep.log; }
sys23_c_serial_under_stress() { prep sys23-c-serial-under-stress
  gcc -O2 -o $B/serialloop $SRC/serialloop.c -lm
  stress-ng --cpu 2 --timeout 40s > /dev/null 2>&1 & sp=$!
  sleep 3
  { uptime; $B/serialloop; uptime; } > $d/job.log 2>&1
  $T -v $B/serialloop > /dev/null 2> $d/time-v.txt
  kill $sp 2>/dev/null; wait $sp 2>/dev/null; }

hw23_c_copy_reps_with_likwid_one_log() { prep hw23-c-copy-reps-with-likwid-one-log
  gcc -O2 -fopenmp -o $B/bwreps $SRC/bwreps.c
  { OMP_NUM_THREADS=2 $B/bwreps; likwid-bench -t copy_avx -w S0:800MB:2; } > $d/job.log 2>&1; }
alg23_py_list_membership_sweep() { prep alg23-py-list-membership-sweep
  python3 $SRC/quadsweep.py > $d/output.txt 2>&1; }
sys23_omp6_env_nproc() { prep sys23-omp6-env-nproc
  gcc -O2 -fopenmp -o $B/barriers $SRC/barriers.c
  { OMP_NUM_THREADS=6 env | grep '^OMP_'; echo "nproc: $(nproc)"; OMP_NUM_THREADS=6 $B/barriers; } > $d/job.log 2>&1
  OMP_NUM_THREADS=6 perf stat -o $d/perf-stat.txt $B/barriers > /dev/null 2>&1; }

if [ $# -eq 0 ]; then set -- $(cd $HERE && ls -d */ | tr -d / | grep -v '^_'); fi
for c in "$@"; do echo "== $c $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"; $(echo $c | tr - _); done
rm -rf $B
