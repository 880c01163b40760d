/* csvreport.c: text/data processing, writes a per-shipment CSV report (8 fields, 400000 rows): each
   field is written with fprintf followed by fflush (a write system call per field). -DBUF drops the
   fflush (stdio's buffer). Prints compute and output seconds. Arguments: rows, file. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000; FILE *f = fopen(argc > 2 ? argv[2] : "report.csv", "w");
  double tc = 0, to = 0, tot = 0;
  for (long i = 0; i < n; i++) {
    double t0 = now();
    double w = 1.5 + i % 40, cost = w * 0.83 + (i % 7) * 2.1; tot += cost;
    double t1 = now();
    double v[8] = {(double)i, w, cost, (double)(i % 97), (double)(i % 13), cost * 1.2, w / 3, (double)(i & 1)};
    for (int k = 0; k < 8; k++) {
      fprintf(f, k < 7 ? "%.3f," : "%.3f\n", v[k]);
#ifndef BUF
      fflush(f);
#endif
    }
    to += now() - t1; tc += t1 - t0;
  }
  fclose(f);
  printf("csvreport rows %ld compute %.3f s output %.3f s total cost %.1f\n", n, tc, to, tot);
  return 0;
}
