#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > tool.py <<'EOF'
import warnings
warnings.warn("legacy option --fast is deprecated", FutureWarning)
from json import fast_loads
print(fast_loads("{}"))
EOF
python3 tool.py
