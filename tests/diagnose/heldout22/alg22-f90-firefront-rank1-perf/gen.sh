#!/bin/sh
# Wildfire strip on 2 MPI ranks: mpirun --tag-output of one run, and perf report of rank 1 only (the user
# profiled the last rank through a wrapper that runs perf record when OMPI_COMM_WORLD_RANK is 1).
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/firefront.f90" -o "$B/firefront"
{ echo "\$ mpirun --tag-output -np 2 ./firefront"; mpi --tag-output -np 2 ./firefront 2>&1; } > "$OUT/run.txt"
cat > "$B/wrap.sh" << 'EOF'
#!/bin/sh
if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then exec perf record -q -e cpu-clock -F 999 -o p.data "$@" 2> /dev/null; fi
exec "$@"
EOF
chmod +x "$B/wrap.sh"
mpi -np 2 ./wrap.sh ./firefront > /dev/null 2>&1
{ echo "\$ mpirun -np 2 ./wrap.sh ./firefront   # perf record on rank 1"; echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report-rank1.txt"
snap
