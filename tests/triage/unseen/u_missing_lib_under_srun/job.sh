#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo 'double kern(double x) { return 2 * x; }' > k.c
echo 'double kern(double); int main(void) { return (int)kern(0.0); }' > m.c
gcc -shared -fPIC -o libkern.so.2 k.c
gcc -o app m.c -L. -l:libkern.so.2
rm libkern.so.2
srun -n 1 ./app
