#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

# a solver prints pages of progress, then its post-processing step (under srun) is OOM-killed
cg=/sys/fs/cgroup/memory/perfscout-heldout-$SLURM_JOB_ID
mkdir "$cg" && echo 150M > "$cg/memory.limit_in_bytes"
echo "solver v2.3 starting on $(hostname)"
awk 'BEGIN { for (i = 1; i <= 400; i++) printf "iter %4d  residual %.3e  dt 1.0e-03  cfl 0.41\n", i, 1 / (i * i) }'
echo "solve finished; assembling output fields"
srun -n 1 sh -c "echo \$\$ > $cg/tasks; exec python3 -c 'fields = [bytearray(10 * 2**20) for _ in range(60)]; print(len(fields))'"
rc=$?
rmdir "$cg"
exit $rc
