#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

# the batch shell itself runs the memory-hungry step; the kernel OOM killer ends it
cg=/sys/fs/cgroup/memory/perfscout-heldout-$SLURM_JOB_ID
mkdir "$cg" && echo 120M > "$cg/memory.limit_in_bytes"
echo $$ > "$cg/tasks"
for i in $(seq 1 250); do echo "epoch $i/250 loss=$(( 1000 - i )) acc=0.$i"; done
python3 -c 'rows = [bytearray(8 * 2**20) for _ in range(80)]; print(len(rows))'
rc=$?
echo $$ > /sys/fs/cgroup/memory/tasks
rmdir "$cg"
exit $rc
