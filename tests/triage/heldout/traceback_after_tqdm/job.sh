#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > train.py <<'EOF'
import math
import sys

def bar(n, upto, desc):
    for i in range(upto + 1):
        pct = 100 * i // n
        sys.stderr.write(f"\r{desc}: {pct:3d}%|{'#' * (pct // 10):<10}| {i}/{n} [00:{i // 10:02d}<00:{(n - i) // 10:02d}, 9.87it/s]")
        sys.stderr.flush()

def step(i):
    loss = 1.0 / (57 - i) if i < 57 else float("nan")
    if math.isnan(loss):
        raise ValueError(f"loss is nan at step {i}")
    return loss

def main():
    n = 200
    for i in range(n):
        bar(n, i, "train")
        step(i)

main()
EOF
python3 train.py
