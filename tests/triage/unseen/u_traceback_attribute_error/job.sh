#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

mkdir -p pkg
cat > pkg/model.py <<'EOF'
class Model:
    def __init__(self):
        self.weights = None

    def forward(self, x):
        return x @ self.weights.shape
EOF
touch pkg/__init__.py
cat > run.py <<'EOF'
from pkg.model import Model

def evaluate(m):
    return m.forward(3)

print("building model")
evaluate(Model())
EOF
python3 run.py
