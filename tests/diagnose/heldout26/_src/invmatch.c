/* invmatch.c: finance, reconciliation of bank payments against open invoices: each payment looks its
   invoice number up by a linear scan of the invoice table (O(payments x invoices)). -DSORTED sorts the
   invoices once and uses bsearch. Arguments: invoices, payments. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
typedef struct { long id; double amount; } Inv;
static int cmp(const void *a, const void *b) { long x = ((const Inv *)a)->id, y = ((const Inv *)b)->id; return (x > y) - (x < y); }
static Inv *find(Inv *t, long n, long id) {
#ifdef SORTED
  Inv key = {id, 0}; return bsearch(&key, t, n, sizeof(Inv), cmp);
#else
  for (long i = 0; i < n; i++)
    if (t[i].id == id) return &t[i];
  return NULL;
#endif
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 40000, m = argc > 2 ? atol(argv[2]) : 40000;
  Inv *t = malloc(n * sizeof(Inv));
  for (long i = 0; i < n; i++) { t[i].id = (i * 2654435761L) % 1000000007L; t[i].amount = 10 + i % 500; }
  double t0 = now();
#ifdef SORTED
  qsort(t, n, sizeof(Inv), cmp);
#endif
  long matched = 0; double open = 0;
  for (long j = 0; j < m; j++) {
    long id = ((j * 7 % n) * 2654435761L) % 1000000007L;
    Inv *v = find(t, n, id);
    if (v) { matched++; open += v->amount; }
  }
  double tt = now() - t0;
  printf("invmatch invoices %ld payments %ld matched %ld amount %.0f time %.3f s  %.3f us/payment\n", n, m, matched, open, tt, 1e6 * tt / m);
  return 0;
}
