#!/bin/sh
# Ocean-atmosphere boundary exchange on 2 MPI ranks: the per-rank lines of the shipped build, a perf
# report by process and symbol, perf annotate of make_weights, and the per-rank lines of the -DKEEPW build.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/bndsend.c" -o "$B/bndsend" -lm
mpicc -O2 -g -DKEEPW "$SRC/bndsend.c" -o "$B/bndsend_keepw" -lm
{ echo "\$ mpirun -np 2 ./bndsend"; mpi -np 2 ./bndsend 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./bndsend
{ echo "\$ perf report --sort pid,dso,sym"; prep --sort pid,dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l make_weights"; annotl make_weights 60; } > "$OUT/perf-annotate.txt"
{ echo "\$ mpicc -O2 -g -DKEEPW bndsend.c -o bndsend_keepw && mpirun -np 2 ./bndsend_keepw"; mpi -np 2 ./bndsend_keepw 2>&1; } > "$OUT/run-keepw.txt"
snap
