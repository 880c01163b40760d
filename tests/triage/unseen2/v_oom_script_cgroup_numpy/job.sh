#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cg=/sys/fs/cgroup/memory/perfscout-unseen2-$SLURM_JOB_ID
mkdir "$cg" && echo 150M > "$cg/memory.limit_in_bytes"
echo $$ > "$cg/tasks"
for s in $(seq 1 80); do echo "sweep $s: chi2=$((s * 3)).0"; done
python3 -c 'import numpy as np; m = np.random.rand(6000, 6000); print(m.trace())'
rc=$?
echo $$ > /sys/fs/cgroup/memory/tasks
rmdir "$cg"
exit $rc
