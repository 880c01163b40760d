/* shelfsort.c retail inventory: stock-keeping records kept sorted by SKU, each arriving record inserted in place (shift up). */
#include <stdio.h>
#include <stdlib.h>
typedef struct { unsigned sku; int qty; } rec;
static int cmp(const void *a, const void *b) { unsigned x = ((const rec *)a)->sku, y = ((const rec *)b)->sku; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 80000;
  rec *a = malloc(sizeof(rec) * n); unsigned x = 12345;
  int m = 0;
  for (int k = 0; k < n; k++) {
    x = x * 1103515245u + 12345u; rec r = { x >> 4, k % 50 };
#ifndef QSORT
    int j = m;
    while (j > 0 && a[j - 1].sku > r.sku) { a[j] = a[j - 1]; j--; }
    a[j] = r; m++;
#else
    a[m++] = r;
#endif
  }
#ifdef QSORT
  qsort(a, m, sizeof(rec), cmp);
#endif
  long q = 0; for (int i = 0; i < m; i += 97) q += a[i].qty + (a[i].sku & 7);
  printf("records %d first sku %u last sku %u check %ld\n", m, a[0].sku, a[m - 1].sku, q);
  return 0;
}
