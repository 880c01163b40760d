#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > app.c <<'EOF'
#include <stdio.h>
int main(void) { int *grid = 0; printf("allocating grid\n"); fflush(stdout); grid[10] = 1; return 0; }
EOF
gcc -O0 -o app app.c
srun -n 1 ./app
