// 2-D explicit diffusion on a grid stored in std::unordered_map<long long, double>, keyed by
// i * ny + j (the grid is full: every cell exists).
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <unordered_map>

typedef std::unordered_map<long long, double> Grid;

static void step(const Grid &u, Grid &v, int nx, int ny, double c) {
  for (int i = 1; i < nx - 1; ++i)
    for (int j = 1; j < ny - 1; ++j) {
      long long k = (long long)i * ny + j;
      v[k] = u.at(k) + c * (u.at(k - ny) + u.at(k + ny) + u.at(k - 1) + u.at(k + 1) - 4 * u.at(k));
    }
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? std::atoi(argv[1]) : 512, ny = nx;
  int nsteps = argc > 2 ? std::atoi(argv[2]) : 10;
  Grid u, v;
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < ny; ++j) {
      long long k = (long long)i * ny + j;
      u[k] = v[k] = (i > nx / 4 && i < nx / 2 && j > ny / 4 && j < ny / 2) ? 1.0 : 0.0;
    }
  timespec t0, t1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  for (int s = 0; s < nsteps; ++s) {
    step(u, v, nx, ny, 0.2);
    u.swap(v);
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  double c = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  std::printf("grid=%dx%d steps=%d cpu_s=%.3f ns_per_cell_update=%.1f centre=%.6f\n", nx, ny, nsteps, c,
              1e9 * c / ((double)(nx - 2) * (ny - 2) * nsteps), u.at((long long)(3 * nx / 8) * ny + 3 * ny / 8));
  return 0;
}
