// Column sums of a grid held as std::vector<std::vector<double>> (one heap block per row),
// walked column by column ("col", as written) or row by row ("row", the fix).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

static double cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000;
  const char *order = argc > 2 ? argv[2] : "col";
  long target = argc > 3 ? atol(argv[3]) : 200000000L;  // elements visited in total
  int reps = (int)(target / ((long)n * n)) + 1;
  std::vector<std::vector<double>> g(n, std::vector<double>(n));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) g[i][j] = ((i + 2 * j) % 7) * 0.5;
  std::vector<double> colsum(n, 0.0);
  bool col = strcmp(order, "col") == 0;
  double t0 = cpu();
  for (int r = 0; r < reps; r++) {
    if (col) {
      for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int i = 0; i < n; i++)
          s += g[i][j];
        colsum[j] += s;
      }
    } else {
      for (int i = 0; i < n; i++) {
        const std::vector<double> &row = g[i];
        for (int j = 0; j < n; j++)
          colsum[j] += row[j];
      }
    }
  }
  double t = cpu() - t0;
  double chk = 0;
  for (int j = 0; j < n; j++) chk += colsum[j];
  printf("n=%d order=%s reps=%d grid_MB=%.1f cpu_s=%.3f ns_per_element=%.2f check=%.6e\n", n, order,
         reps, 8.0 * n * n / 1e6, t, 1e9 * t / ((double)reps * n * n), chk);
  return 0;
}
