/* Writes results "rounded to 6 significant digits" before storing them: each value goes
   through snprintf("%.6g") and strtod. No output is written until the end. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static double round6(double v) { char buf[32]; snprintf(buf, sizeof buf, "%.6g", v); return strtod(buf, NULL); }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000000;
  double *r = malloc(n * sizeof *r), s = 0;
  double c0 = cputime();
  for (long i = 0; i < n; i++) {
    double v = exp(-1e-6 * i) * (1 + 0.5 * sin(1e-3 * i));
    #ifdef NOROUND
    r[i] = v;
#else
    r[i] = round6(v);
#endif
    s += r[i];
  }
  double c = cputime() - c0;
  FILE *f = fopen(argc > 2 ? argv[2] : "/dev/null", "w");
  fwrite(r, sizeof *r, n, f); fclose(f);
  printf("values=%ld sum=%.6f\ncpu_time=%.3f s\nns_per_value=%.1f\n", n, s, c, 1e9 * c / n);
  return 0;
}
