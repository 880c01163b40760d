#!/bin/sh
# Avalanche slope stability as a batch job: the job script, the job's wall time (time -p), and a
# perf report --sort dso,sym of the whole job; the per-rank lines went to a file not handed over.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/avalanche.c" -o "$B/avalanche" -lm
printf '#!/bin/bash\n#SBATCH -N 1 -n 2 -t 00:10:00\nmodule load openmpi/4.1\nmpirun -np 2 ./avalanche > ranks.out\n' | jobscript job.sh > "$OUT/job.sh.txt"
{ echo "\$ time -p mpirun -np 2 ./avalanche > ranks.out"; ptime sh -c 'mpirun --allow-run-as-root --oversubscribe -np 2 ./avalanche > ranks.out'; } > "$OUT/time.txt"
(cd "$B" && perf record -q -e cpu-clock -F 999 -o p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./avalanche > /dev/null 2>&1)
{ echo "\$ perf record -- mpirun -np 2 ./avalanche; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
