"""removes duplicates by scanning a list for each element (list membership), timed per size"""
import time

for n in (1000, 2000, 4000, 8000):
    data = [(i * 7919) % (n * 3) for i in range(n)]
    t0 = time.perf_counter()
    seen = []
    for x in data:
        if x not in seen:
            seen.append(x)
    ms = (time.perf_counter() - t0) * 1e3
    print(f"size: {n}, elapsed: {ms:.1f} ms, unique: {len(seen)}")
