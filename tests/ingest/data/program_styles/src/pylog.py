"""Python logging-style printout with timestamps, percent lines and JSON-ish summary."""
import json
import logging
import sys
import time

logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("pipeline")
t0 = time.perf_counter()
tot = 0
for epoch in range(3):
    e0 = time.perf_counter()
    tot += sum(i * i for i in range(200000))
    log.info("epoch %d loss %.4f took %.3f s", epoch, 1.0 / (epoch + 1), time.perf_counter() - e0)
el = time.perf_counter() - t0
log.info("cache hit rate: %.1f%%", 87.5)
print(json.dumps({"time_s": round(el, 4), "items": 600000,
                  "rate_items_per_s": round(600000 / el, 1)}))
