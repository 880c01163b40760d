#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

ulimit -s 2048
cat > recurse.c <<'EOF'
#include <stdio.h>
static int walk(int n) { volatile char buf[512]; buf[0] = (char)n; return n > 100000000 ? buf[0] : walk(n + 1) + buf[0]; }
int main(void) { printf("walking\n"); fflush(stdout); return walk(0) == 42; }
EOF
gcc -O0 -g -fsanitize=address -o recurse recurse.c
./recurse
