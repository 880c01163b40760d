#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > chk.c <<'EOF'
#include <assert.h>
#include <stdio.h>
int main(void) { int n = 0; printf("checking mesh\n"); fflush(stdout); assert(n > 0); return 0; }
EOF
gcc -O0 -o chk chk.c
./chk
