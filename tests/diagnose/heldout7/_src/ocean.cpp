// Tracer update on a lat-lon grid: only ocean cells do the expensive column physics; land rows sit at the end.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#include <omp.h>
int main(int argc, char **argv)
{
  int ny = 720, nx = 1440, steps = argc > 1 ? std::atoi(argv[1]) : 4;
  std::vector<char> ocean((size_t)ny * nx);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) ocean[(size_t)j * nx + i] = j < ny / 2;  // southern half ocean
  std::vector<double> c((size_t)ny * nx, 1.0);
  std::vector<double> busy(omp_get_max_threads());
  double w0 = omp_get_wtime();
#pragma omp parallel
  {
    for (int s = 0; s < steps; s++) {
#pragma omp for schedule(static)
      for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
          size_t k = (size_t)j * nx + i;
          if (ocean[k]) {
            double v = c[k];
            for (int z = 0; z < 40; z++) v = v * 0.999 + 1e-3 * std::sin(v + z);
            c[k] = v;
          }
        }
    }
    timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    busy[omp_get_thread_num()] = t.tv_sec + 1e-9 * t.tv_nsec;
  }
  double sum = 0; for (double v : c) sum += v;
  std::printf("grid %d x %d, %d steps, %d threads, wall %.3f s, tracer %.6e\n", ny, nx, steps, omp_get_max_threads(), omp_get_wtime() - w0, sum);
  for (size_t t = 0; t < busy.size(); t++) std::printf("thread %zu cpu time %.3f s\n", t, busy[t]);
  return 0;
}
