/* Tide-gauge harmonic analysis: least-squares amplitudes of 8 tidal constituents over an hourly
   record (normal equations, work in cache). Repeats the analysis R times and prints, per repeat,
   the wall seconds, the CPU seconds and the involuntary context switches of the process (getrusage). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static double cpu(struct rusage *r) { return r->ru_utime.tv_sec + 1e-6 * r->ru_utime.tv_usec + r->ru_stime.tv_sec + 1e-6 * r->ru_stime.tv_usec; }
int main(int argc, char **argv) {
  int nh = argc > 1 ? atoi(argv[1]) : 8760, reps = argc > 2 ? atoi(argv[2]) : 5;
  const double om[8] = {0.0805, 0.0833, 0.0789, 0.0836, 0.0418, 0.0387, 0.0373, 0.0402};
  double *h = malloc(nh * sizeof *h), *bas = malloc((size_t)nh * 16 * sizeof *bas);
  for (int t = 0; t < nh; t++) h[t] = 1.2 * cos(2 * M_PI * 0.0805 * t) + 0.4 * cos(2 * M_PI * 0.0418 * t + 1.0);
  for (int t = 0; t < nh; t++) for (int k = 0; k < 8; k++) { bas[t * 16 + 2 * k] = cos(2 * M_PI * om[k] * t); bas[t * 16 + 2 * k + 1] = sin(2 * M_PI * om[k] * t); }
  printf("%6s %8s %8s %10s\n", "repeat", "wall_s", "cpu_s", "invol_csw");
  double amp = 0.0;
  for (int r = 0; r < reps; r++) {
    struct rusage a, b; getrusage(RUSAGE_SELF, &a); double w0 = now();
    for (int it = 0; it < 300; it++) {
      double ata[16][16] = {{0}}, atb[16] = {0};
      for (int t = 0; t < nh; t++) {
        const double *row = bas + t * 16;
        for (int i = 0; i < 16; i++) { atb[i] += row[i] * h[t]; for (int j = 0; j < 16; j++) ata[i][j] += row[i] * row[j]; }
      }
      amp += ata[3][3] + atb[0];
    }
    double w = now() - w0; getrusage(RUSAGE_SELF, &b);
    printf("%6d %8.3f %8.3f %10ld\n", r + 1, w, cpu(&b) - cpu(&a), b.ru_nivcsw - a.ru_nivcsw);
    fflush(stdout);
  }
  printf("hours=%d check=%.6e\n", nh, amp);
  return 0;
}
