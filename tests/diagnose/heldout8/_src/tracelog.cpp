// Writes a trajectory trace: one line per particle per step through std::ofstream,
// each line ended with std::endl.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
static double cputime() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int np = argc > 1 ? atoi(argv[1]) : 2000, steps = argc > 2 ? atoi(argv[2]) : 100;
  const char *path = argc > 3 ? argv[3] : "trace.txt";
  std::ofstream out(path);
  double x = 0, v = 1;
  double c0 = cputime();
  timespec w0; clock_gettime(CLOCK_MONOTONIC, &w0);
  for (int s = 0; s < steps; s++)
    for (int p = 0; p < np; p++) {
      x = std::sin(x + 0.01 * p) + v * 1e-3;
#ifdef NEWLINE
      out << s << ' ' << p << ' ' << x << '\n';
#else
      out << s << ' ' << p << ' ' << x << std::endl;
#endif
    }
  out.close();
  timespec w1; clock_gettime(CLOCK_MONOTONIC, &w1);
  std::printf("particles=%d steps=%d lines=%d\n", np, steps, np * steps);
  std::printf("cpu_time=%.3f s\n", cputime() - c0);
  std::printf("wall_time=%.3f s\n", (w1.tv_sec - w0.tv_sec) + 1e-9 * (w1.tv_nsec - w0.tv_nsec));
  return 0;
}
