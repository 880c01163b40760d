/* Event records get a human-readable time stamp: localtime() + strftime() per record. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  char buf[64];
  unsigned long h = 0;
  double c0 = cputime();
  time_t base = 1764800000;
  for (long i = 0; i < n; i++) {
    time_t t = base + i / 1000;
    struct tm *tm = localtime(&t);
    size_t len = strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", tm);
    for (size_t k = 0; k < len; k++) h = h * 131 + (unsigned char)buf[k];
  }
  printf("records=%ld last=%s hash=%lu\n", n, buf, h);
  printf("cpu_time=%.3f s\n", cputime() - c0);
  printf("us_per_record=%.2f\n", 1e6 * (cputime() - c0) / n);
  return 0;
}
