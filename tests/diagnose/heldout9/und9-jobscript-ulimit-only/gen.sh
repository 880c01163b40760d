#!/bin/sh
# The job script of the OpenMP cost-sorted cells program and `ulimit -a` from inside the job, nothing else.
. "$(dirname "$0")/../_lib.sh"
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -c 2\n#SBATCH -t 00:10:00\nmodule load gcc\nexport OMP_NUM_THREADS=2\nexport OMP_PLACES=cores\nexport OMP_PROC_BIND=close\nulimit -s unlimited\n./costsort 40000\n' > "$OUT/job.sh"
{ echo "\$ ulimit -a"; bash -c 'ulimit -s unlimited; ulimit -a'; } > "$OUT/ulimit-a.txt"
snap
