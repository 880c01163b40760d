#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo 'int main(void) { volatile int *p = 0; return *p; }' > crash.c
gcc -O0 -o crash crash.c
srun -n 1 ./crash || echo "optional probe crashed; continuing"
echo "main computation finished"
