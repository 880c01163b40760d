#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > analyse.py <<'EOF'
import warnings
import logging

logging.basicConfig(level=logging.WARNING)
log = logging.getLogger("analyse")

def ratio(hits, total):
    return hits / total

def main():
    for i in range(40):
        warnings.warn(f"column {i} has mixed types; treating as str", UserWarning, stacklevel=1)
        log.warning("sample %d: missing metadata, using defaults", i)
    bins = {"a": (3, 9), "b": (0, 0)}
    for name, (h, t) in bins.items():
        print(name, ratio(h, t))

main()
EOF
python3 -W always analyse.py
