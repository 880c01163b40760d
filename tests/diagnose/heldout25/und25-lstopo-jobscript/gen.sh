#!/bin/sh
# What a user pasted: their Slurm job script and the node's topology (lstopo), no measurement of the program.
. "$(dirname "$0")/../_lib.sh"
{ cat <<'JOB' | jobscript run.sbatch
#!/bin/bash
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -c 2
#SBATCH -t 00:30:00
export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK
srun ./reservoir input.nml
JOB
echo; echo "\$ lstopo-no-graphics --of console"; lstopotxt 30; } > "$OUT/job_and_topology.txt"
snap
