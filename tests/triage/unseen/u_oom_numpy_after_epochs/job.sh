#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cg=/sys/fs/cgroup/memory/perfscout-unseen-$SLURM_JOB_ID
mkdir "$cg" && echo 200M > "$cg/memory.limit_in_bytes"
for e in $(seq 1 150); do echo "[epoch $e] train_loss=0.$((999 - e)) val_loss=0.$((990 - e)) lr=1e-4"; done
srun -n 1 sh -c "echo \$\$ > $cg/tasks; exec python3 -c 'import numpy as np; a = np.ones((64, 1024, 1024)); print(a.sum())'"
rc=$?
rmdir "$cg"
exit $rc
