#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > noisy.py <<'EOF'
import logging
import warnings
import numpy as np

logging.basicConfig(level=logging.WARNING)
for i in range(20):
    warnings.warn("the 'rcond' default will change", DeprecationWarning, stacklevel=1)
    logging.warning("node %d: clock skew detected, continuing", i)
with np.errstate(all="warn"):
    x = np.array([1.0, 0.0]) / np.array([0.0, 0.0])
print("ratios", x)
print("WARNING: results may be inaccurate for small meshes")
print("run complete")
EOF
python3 -W always noisy.py
