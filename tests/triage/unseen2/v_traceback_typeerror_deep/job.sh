#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

mkdir -p tools
touch tools/__init__.py
cat > tools/table.py <<'EOF'
def sort_rows(rows):
    return sorted(rows, key=lambda r: r[1])

def report(rows):
    for r in sort_rows(rows):
        print(r)
EOF
cat > make_report.py <<'EOF'
from tools.table import report

report([("a", 3), ("b", "7"), ("c", 1)])
EOF
python3 make_report.py
