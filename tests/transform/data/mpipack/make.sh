#!/bin/sh
# Regenerate the mpi_aggregate_messages fixtures from the halo program in halo/ (one message per
# row): sh make.sh  (Open MPI, perf). Builds in a scratch copy; numbers change run to run. The
# scratch folder is written @BUILD@ in the line profile: the test puts its own copy of halo/ there.
set -eu
D=$(cd "$(dirname "$0")" && pwd); B=$(mktemp -d); cp "$D"/halo/* "$B"; cd "$B"
make -s ROWS=2000 NCOLS=64 CFLAGS="-O2 -g"
RUN="mpirun --allow-run-as-root --oversubscribe -np 2"
# Open MPI's own monitoring: messages and bytes per peer, rank 0
MON="--mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3"
$RUN $MON --mca pml_monitoring_filename "$B/mon" ./halo 100 0 > "$D/halo-output.txt"
cp "$B/mon.0.prof" "$D/ompi-monitoring-halo.0.prof"
# where the time goes: perf over both ranks, by symbol and shared object, and by source line
perf record -q -e cpu-clock -F 2000 -o perf.data -- $RUN ./halo 100 0 >/dev/null 2>&1
perf report -i perf.data --stdio --no-children --sort symbol,dso 2>/dev/null \
    | head -60 > "$D/perf-report-halo.txt"
perf report -i perf.data --stdio --no-children --sort srcline --full-source-path 2>/dev/null \
    | head -60 | sed "s|$B|@BUILD@|g" > "$D/perf-srcline-halo.txt"
cd /; rm -rf "$B"
