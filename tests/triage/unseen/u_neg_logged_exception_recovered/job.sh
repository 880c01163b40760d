#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > worker.py <<'EOF'
import logging
logging.basicConfig(level=logging.INFO)
log = logging.getLogger("worker")
for task in range(5):
    try:
        if task == 2:
            raise ConnectionError("broker went away")
        log.info("task %d done", task)
    except ConnectionError:
        log.exception("task %d failed, requeued", task)
log.info("all tasks finished")
EOF
python3 worker.py
