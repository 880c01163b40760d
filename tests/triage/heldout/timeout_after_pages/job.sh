#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=1

echo "WARNING: OMP_NUM_THREADS not set, using 1"
for i in $(seq 1 300); do echo "t=$i.0 energy=-1.$i temperature=300.$i"; done
echo "checkpoint written: restart.000300"
sleep 600
echo "finished"
