/* Event trigger on a seismic amplitude record: samples above the threshold update the event
   statistics (a data-dependent branch with work inside). Mode "raw" scans the record in time
   order (noise: above/below at random), mode "sorted" scans the same samples sorted by amplitude.
   Prints mode, samples, passes, seconds, ns per sample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "raw";
  int n = argc > 2 ? atoi(argv[2]) : 1000000, passes = argc > 3 ? atoi(argv[3]) : 20;
  double *a = malloc(n * sizeof *a);
  srand(5);
  for (int i = 0; i < n; i++) a[i] = rand() / (double)RAND_MAX;
  if (strcmp(mode, "sorted") == 0) qsort(a, n, sizeof *a, cmp);
  long events = 0; double energy = 0.0, peak = 0.0;
  double t0 = now();
  for (int p = 0; p < passes; p++)
    for (int i = 0; i < n; i++) {
      if (a[i] > 0.5) {
        events++;
        energy += a[i] * a[i];
        if (a[i] > peak) peak = a[i];
      }
    }
  double sec = now() - t0;
  printf("mode=%s samples=%d passes=%d events=%ld seconds=%.4f ns_per_sample=%.2f energy=%.4e peak=%.4f\n", mode, n, passes, events, sec, 1e9 * sec / ((double)n * passes), energy, peak);
  return 0;
}
