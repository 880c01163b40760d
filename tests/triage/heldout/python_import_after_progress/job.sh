#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

for i in $(seq 1 120); do echo "download shard $i/120 ok"; done
cat > dist.py <<'EOF'
import os
import horovod.torch as hvd

hvd.init()
print(os.getpid())
EOF
python3 dist.py
