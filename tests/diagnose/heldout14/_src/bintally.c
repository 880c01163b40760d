/* bintally: Monte Carlo energy-group tally. Each history's energy selects one of four groups
   through an if-ladder, and each group scores differently. Usage: bintally n reps [random|sorted]
   ("sorted": the same energies in increasing order). Prints the time per history. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int reps = argc > 2 ? atoi(argv[2]) : 40;
  int sorted = argc > 3 && strcmp(argv[3], "sorted") == 0;
  double *e = malloc(n * sizeof *e), tal[4] = {0, 0, 0, 0};
  long cnt[4] = {0, 0, 0, 0};
  unsigned long long s = 12345;
  for (long i = 0; i < n; i++) { s = s * 6364136223846793005ULL + 1442695040888963407ULL; e[i] = (s >> 11) * (1.0 / 9007199254740992.0); }
  if (sorted) qsort(e, n, sizeof *e, cmpd);
  double t0 = now();
  for (int r = 0; r < reps; r++)
    for (long i = 0; i < n; i++) {
      double x = e[i];
      if (x < 0.25) { tal[0] += x * 1.5; cnt[0]++; }
      else if (x < 0.5) { tal[1] += x * x; cnt[1]++; }
      else if (x < 0.75) { tal[2] -= x * 0.5; cnt[2] += 2; }
      else { tal[3] += 1.0 / (1.0 + x); cnt[3]++; }
    }
  double t = now() - t0;
  printf("bintally %ld histories x %d (%s energies): %.3f s, %.2f ns/history\n", n, reps, sorted ? "sorted" : "random", t, 1e9 * t / (n * (double)reps));
  printf("groups: %ld %ld %ld %ld  tallies %.4e %.4e %.4e %.4e\n", cnt[0], cnt[1], cnt[2], cnt[3], tal[0], tal[1], tal[2], tal[3]);
  return 0;
}
