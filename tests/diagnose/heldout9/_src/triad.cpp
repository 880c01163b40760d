// a = b + s*c over std::vector<double>, OpenMP parallel for. Prints the best bandwidth of the
// sweeps (3 arrays x 8 bytes per element, as STREAM counts it).
#include <omp.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
static void triad(std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &c, double s) {
  const long n = (long)a.size();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  std::vector<double> a(n), b(n), c(n);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) { a[i] = 0.0; b[i] = 1.0; c[i] = 2.0; }
  double best = 1e30, sum = 0.0;
  for (int r = 0; r < reps; r++) {
    double t0 = omp_get_wtime();
    triad(a, b, c, 0.5 + r);
    double t = omp_get_wtime() - t0;
    if (t < best) best = t;
    sum += t;
  }
  double gb = 3.0 * 8.0 * n / 1e9;
  std::printf("triad threads=%d n=%ld array_MB=%.0f best_time=%.4f s avg_time=%.4f s best_bandwidth=%.2f GB/s avg_bandwidth=%.2f GB/s check=%.3f\n",
              omp_get_max_threads(), n, 8.0 * n / 1e6, best, sum / reps, gb / best, gb * reps / sum, a[n / 2]);
  return 0;
}
