#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > probe.c <<'EOF'
int main(void) { volatile int *p = 0; return *p; }
EOF
gcc -O0 -o probe probe.c
echo "probing optional accelerator backend"
if ./probe; then echo "accelerated backend available"; else echo "probe failed; falling back to the CPU backend"; fi
echo "CPU backend: 1000 iterations done, checksum 0x3f2a"
exit 0
