#include <stdio.h>
#include <stdlib.h>
/* counts distinct values by scanning every value kept so far: O(n^2) */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  unsigned *seen = malloc(n * sizeof *seen); int k = 0;
  unsigned x = 12345;
  for (int i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u; unsigned v = (x >> 8) % (unsigned)(4 * n);
    int found = 0;
    for (int j = 0; j < k; j++) if (seen[j] == v) { found = 1; break; }
    if (!found) seen[k++] = v;
  }
  printf("n=%d distinct=%d\n", n, k);
  free(seen);
  return 0;
}
