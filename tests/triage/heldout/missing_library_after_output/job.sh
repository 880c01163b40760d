#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo 'int foo(void) { return 1; }' > lib.c
echo 'int foo(void); int main(void) { return foo() - 1; }' > use.c
gcc -shared -fPIC -o libgone.so lib.c
gcc -o solver use.c -L. -lgone
rm libgone.so
for i in $(seq 1 30); do echo "staging input $i"; done
./solver
