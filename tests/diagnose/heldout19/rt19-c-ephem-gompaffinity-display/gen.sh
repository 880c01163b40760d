#!/bin/sh
# Ephemeris evaluation (Chebyshev/Clenshaw, one parallel loop per epoch) from a job script that exports
# GOMP_CPU_AFFINITY=0: the script excerpt, the runs at 1 and 2 threads with OMP_DISPLAY_AFFINITY, and
# ps -L of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ephem.c" -o "$B/ephem"
printf '#!/bin/bash\n#SBATCH --cpus-per-task=2\nexport GOMP_CPU_AFFINITY=0\nexport OMP_NUM_THREADS=2\nsrun ./ephem 4000 200\n' | jobscript ephem.sbatch > "$OUT/jobscript.txt"
{ for t in 1 2; do echo "\$ GOMP_CPU_AFFINITY=0 OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./ephem 4000 200"; (cd "$B" && GOMP_CPU_AFFINITY=0 OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./ephem 4000 200) 2>&1; done; } > "$OUT/run.txt"
export GOMP_CPU_AFFINITY=0 OMP_NUM_THREADS=2
psthreads 1 ./ephem 4000 600 > "$OUT/ps-L.txt"
unset GOMP_CPU_AFFINITY OMP_NUM_THREADS
snap
