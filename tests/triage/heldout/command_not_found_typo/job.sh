#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo "loading environment"
for i in $(seq 1 20); do echo "setting up case $i"; done
modul load cuda/12.1
python3 -c 'print("prepared")'
