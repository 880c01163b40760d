/* wordfreq.c: text processing, word-frequency count of a synthetic corpus with OpenMP: each thread
   tokenizes its share of the lines and increments a shared hash table under `omp critical` for
   every word. -DPRIV counts into per-thread tables merged at the end. Argument: words (millions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define TS 65536
static unsigned tab[TS];
static unsigned hw(const char *w, int n) { unsigned h = 5381; for (int i = 0; i < n; i++) h = h * 33 + w[i]; return h & (TS - 1); }
int main(int argc, char **argv) {
  long M = (argc > 1 ? atol(argv[1]) : 20) * 1000000L;
  char *txt = malloc(M * 6); long p = 0; unsigned x = 7;
  for (long w = 0; w < M; w++) { x = x * 1664525u + 1013904223u; int len = 2 + (x >> 28) % 4; for (int i = 0; i < len; i++) txt[p++] = 'a' + ((x >> (3 * i)) % 26); txt[p++] = ' '; }
  double t0 = omp_get_wtime();
#pragma omp parallel
  {
#ifdef PRIV
    unsigned *my = calloc(TS, sizeof(unsigned));
#endif
    int nt = omp_get_num_threads(), id = omp_get_thread_num();
    long a = p * id / nt, b = p * (id + 1) / nt;
    while (a > 0 && a < p && txt[a - 1] != ' ') a++;
    while (b < p && b > 0 && txt[b - 1] != ' ') b++;
    long i = a;
    while (i < b) {
      long j = i; while (j < b && txt[j] != ' ') j++;
      unsigned k = hw(txt + i, (int)(j - i));
#ifdef PRIV
      my[k]++;
#else
#pragma omp critical
      tab[k]++;
#endif
      i = j + 1;
    }
#ifdef PRIV
#pragma omp critical
    for (int k = 0; k < TS; k++) tab[k] += my[k];
#endif
  }
  double t = omp_get_wtime() - t0; unsigned long tot = 0, mx = 0;
  for (int k = 0; k < TS; k++) { tot += tab[k]; if (tab[k] > mx) mx = tab[k]; }
  printf("wordfreq threads %d words %lu time %.3f s  %.1f ns/word  most frequent bucket %lu\n", omp_get_max_threads(), tot, t, 1e9 * t / tot, mx);
  return 0;
}
