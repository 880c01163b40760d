"""writes one record per line and flushes each line (unbuffered log)"""
import os
import time

t0 = time.perf_counter()
with open(os.environ.get("OUT", "/tmp/flushlog.out"), "w") as f:
    for i in range(150000):
        f.write(f"{i} {i * 0.5:.3f}\n")
        f.flush()
print(f"records written: 150000 in {time.perf_counter() - t0:.2f}s")
