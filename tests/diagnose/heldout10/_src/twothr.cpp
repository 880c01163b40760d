// Two std::thread workers, each integrating its half of a set of oscillators (fixed work):
// prints each worker's CPU time and the wall time.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>
#include <vector>

static double now(clockid_t c) {
  timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void work(int id, long steps, double *out, double *cpu) {
  double c0 = now(CLOCK_THREAD_CPUTIME_ID);
  double x = 1.0 + id, v = 0.0, dt = 1e-4;
  for (long s = 0; s < steps; s++) {
    double a = -x - 0.01 * v * v * v;
    v += dt * a;
    x += dt * v;
  }
  *out = x + v;
  *cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0;
}

int main(int argc, char **argv) {
  long steps = argc > 1 ? atol(argv[1]) : 150000000L;
  double out[2], cpu[2];
  double w0 = now(CLOCK_MONOTONIC), p0 = now(CLOCK_PROCESS_CPUTIME_ID);
  std::vector<std::thread> th;
  for (int i = 0; i < 2; i++) th.emplace_back(work, i, steps, &out[i], &cpu[i]);
  for (auto &t : th) t.join();
  double w = now(CLOCK_MONOTONIC) - w0, p = now(CLOCK_PROCESS_CPUTIME_ID) - p0;
  printf("workers=2 steps_per_worker=%ld wall_s=%.3f process_cpu_s=%.3f cpu_per_wall=%.2f\n", steps, w,
         p, p / w);
  for (int i = 0; i < 2; i++) printf("worker %d cpu_s=%.3f result=%.6f\n", i, cpu[i], out[i]);
  return 0;
}
