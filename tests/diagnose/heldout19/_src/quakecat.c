/* Earthquake catalogue de-duplication: two events are one if they lie within 5 km and 2 s.
   Every pair of events is compared (great-circle distance by haversine). Prints a size row. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
__attribute__((noinline)) static double haversine(double la1, double lo1, double la2, double lo2) {
  double s1 = sin(0.5 * (la2 - la1)), s2 = sin(0.5 * (lo2 - lo1));
  double h = s1 * s1 + cos(la1) * cos(la2) * s2 * s2;
  return 2.0 * 6371.0 * asin(sqrt(h));
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  double *lat = malloc(n * sizeof *lat), *lon = malloc(n * sizeof *lon), *t = malloc(n * sizeof *t);
  srand(7);
  for (int i = 0; i < n; i++) {
    lat[i] = (0.6 + 0.2 * rand() / RAND_MAX); lon[i] = (2.0 + 0.3 * rand() / RAND_MAX);
    t[i] = 86400.0 * rand() / RAND_MAX;
  }
  double t0 = now();
  long pairs = 0, dups = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double d = haversine(lat[i], lon[i], lat[j], lon[j]);
      pairs++;
      if (d < 5.0 && fabs(t[i] - t[j]) < 2.0) dups++;
    }
  double s = now() - t0;
  printf("events=%d pairs=%ld duplicates=%ld seconds=%.4f ns_per_event=%.1f\n", n, pairs, dups, s, 1e9 * s / n);
  return 0;
}
