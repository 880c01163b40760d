#!/bin/sh
# Regenerates the per-field halo fixtures: src/halofields.c on 2 ranks, one MPI_Sendrecv per
# field per step (40 messages of 1 KiB to the one peer) vs the 40 rows packed into one message
# (the look-alike). The program's printout and Open MPI's pml monitoring per rank. Run from
# this directory. Counts and bytes are the same at every run; times change with the load.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 src/halofields.c -o "$B/hf"
for v in perfield packed; do
  mpirun -np 2 --oversubscribe --mca pml_monitoring_enable 2 \
    --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename "$B/mon" \
    "$B/hf" $v 2000 2>/dev/null | sort > "halo-$v-output.txt"
  cp "$B/mon.0.prof" "monitoring-$v.0.prof"
  cp "$B/mon.1.prof" "monitoring-$v.1.prof"
done
# the same runs with the monitoring printed on the job's standard output, between the ranks'
# own lines (pml_monitoring_enable_output 1), as a user captures it
for v in perfield packed; do
  mpirun -np 2 --oversubscribe --mca pml_monitoring_enable 1 \
    --mca pml_monitoring_enable_output 1 "$B/hf" $v 200 > "halo-$v-stdout.txt" 2>/dev/null
done
