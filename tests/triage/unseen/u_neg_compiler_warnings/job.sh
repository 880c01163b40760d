#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > warn.c <<'EOF'
#include <stdio.h>
int main(void) { int unused; char buf[4]; sprintf(buf, "%d", 7); printf("value %s\n", buf); return 0; }
EOF
gcc -Wall -Wextra -o warn warn.c
./warn
echo "build and run ok"
