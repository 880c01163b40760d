#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

ulimit -v 400000
cat > build_index.py <<'EOF'
import sys

def bar(n, upto, desc):
    for i in range(upto + 1):
        pct = 100 * i // n
        sys.stderr.write(f"\r{desc}: {pct:3d}%|{'#' * (pct // 10):<10}| {i}/{n} [00:{i // 10:02d}<00:{(n - i) // 10:02d}, 9.87it/s]")
        sys.stderr.flush()

def build(n):
    bar(n, n, "tokenizing")
    sys.stderr.write("\n")
    table = bytearray(2 * 2**30)
    return table

if __name__ == "__main__":
    build(120)
EOF
python3 build_index.py
