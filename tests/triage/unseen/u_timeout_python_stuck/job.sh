#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=1

cat > wait_for_peer.py <<'EOF'
import time
print("connecting to parameter server 10.0.0.5:2222", flush=True)
print("WARNING: peer not ready, waiting", flush=True)
while True:
    time.sleep(1)
EOF
python3 wait_for_peer.py
