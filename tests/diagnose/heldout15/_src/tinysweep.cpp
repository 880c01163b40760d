// C++ OpenMP 1-D smoothing of a 256-point profile, 3 points per update, with the parallel loop
// inside the time loop (a parallel region and barrier per step on 256 values). Prints the team
// size, time and microseconds per step. Usage: tinysweep POINTS STEPS
#include <omp.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 256;
  int steps = argc > 2 ? std::atoi(argv[2]) : 100000;
  std::vector<double> a(n, 0.0), b(n, 0.0);
  for (int i = 0; i < n; i++) a[i] = (i % 7) * 0.5;
  int team = 1;
#pragma omp parallel
#pragma omp single
  team = omp_get_num_threads();
  double t0 = omp_get_wtime();
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
    a.swap(b);
  }
  double t = omp_get_wtime() - t0;
  std::printf("tinysweep points=%d steps=%d threads=%d time=%.3f s  %.3f us/step  a[5]=%.6f\n", n, steps, team, t, 1e6 * t / steps, a[5]);
  return 0;
}
