#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo "sanity: checking for Segmentation fault handlers ... none installed"
echo "memory check: no MemoryError, no std::bad_alloc seen in 12 runs"
echo "summary: 0 crashes, 0 timeouts, 0 out of memory"
