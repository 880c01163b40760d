// Time loop of a 1-D diffusion update that builds a fresh std::vector<double> scratch array of
// the full grid size in every step (32 MB: glibc maps it anew and the kernel zero-fills it).
#include <cstdio>
#include <cstdlib>
#include <time.h>
#include <vector>
static double cpu() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static void step(std::vector<double> &u) {
  const long n = (long)u.size();
  std::vector<double> tmp(n);
  for (long i = 1; i < n - 1; i++)
    tmp[i] = u[i] + 0.1 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
  for (long i = 1; i < n - 1; i++)
    u[i] = tmp[i];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 4000000L;
  int steps = argc > 2 ? atoi(argv[2]) : 60;
  std::vector<double> u(n);
  for (long i = 0; i < n; i++) u[i] = (i % 1000) * 1e-3;
  double t0 = cpu();
  for (int s = 0; s < steps; s++) step(u);
  std::printf("diffuse n=%ld steps=%d cpu_time=%.3f s per_step=%.2f ms u=%.6f\n", n, steps, cpu() - t0, 1e3 * (cpu() - t0) / steps, u[n / 2]);
  return 0;
}
