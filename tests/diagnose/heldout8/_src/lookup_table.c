/* Random lookups into a 2 GiB precomputed table (an interpolation table indexed by a hash
   of the input), as in a tabulated equation of state. Prints its own rate and CPU time.
   -DHUGE asks the kernel for transparent huge pages on the table (madvise). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
static double cputime(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  size_t n = (size_t)(argc > 1 ? atol(argv[1]) : 256) << 20; /* entries (doubles) */
  long q = argc > 2 ? atol(argv[2]) : 20000000L;
  double *tab = mmap(NULL, n * 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#ifdef HUGE
  madvise(tab, n * 8, MADV_HUGEPAGE);
#endif
  for (size_t i = 0; i < n; i++) tab[i] = 1.0 + 1e-9 * i;
  double c0 = cputime();
  unsigned long x = 12345;
  double s = 0;
  for (long k = 0; k < q; k++) {
    x = x * 6364136223846793005UL + 1442695040888963407UL;
    s += tab[(x >> 17) & (n - 1)];
  }
  double c = cputime() - c0;
  printf("table=%zu MiB lookups=%ld sum=%.6e\n", n * 8 >> 20, q, s);
  printf("lookup_cpu_time=%.3f s\n", c);
  printf("ns_per_lookup=%.1f\n", 1e9 * c / q);
  return 0;
}
