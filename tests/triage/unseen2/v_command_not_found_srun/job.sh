#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo "launching"
srun -n 1 nosuchbinary_v2 --input deck.in
