// Time steps of a 1-D smoothing whose step function allocates its 32 MB work array each call.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

static void step(std::vector<double> &u) {
  const size_t n = u.size();
  std::vector<double> work(n);  // allocated (and zeroed) on every call
  for (size_t i = 1; i + 1 < n; ++i) work[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
  for (size_t i = 1; i + 1 < n; ++i) u[i] = work[i];
}

int main(int argc, char **argv) {
  size_t n = argc > 1 ? std::strtoul(argv[1], 0, 10) : 4000000;
  int nsteps = argc > 2 ? std::atoi(argv[2]) : 30;
  std::vector<double> u(n);
  for (size_t i = 0; i < n; ++i) u[i] = (i % 1000) < 500 ? 1.0 : 0.0;
  timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int s = 0; s < nsteps; ++s) step(u);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double w = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  std::printf("n=%zu steps=%d wall_s=%.3f ms_per_step=%.2f u[n/2]=%.6f\n", n, nsteps, w, 1e3 * w / nsteps, u[n / 2]);
  return 0;
}
