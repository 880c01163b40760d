/* Fixed number of queries against a table whose size is swept: a linear scan per query
 * (argv[3] = "scan") or a binary search (argv[3] = "bsearch"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int m = atoi(argv[1]), q = atoi(argv[2]);
    int scan = argc > 3 && strcmp(argv[3], "scan") == 0;
    long *tab = malloc(m * sizeof *tab);
    for (int i = 0; i < m; i++) tab[i] = 3L * i;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long hits = 0;
    unsigned s = 12345;
    for (int k = 0; k < q; k++) {
        s = s * 1103515245u + 12345u;
        long key = (long)(s % (unsigned)(3 * m));
        if (scan) {
            for (int i = 0; i < m; i++) if (tab[i] == key) { hits++; break; }
        } else if (bsearch(&key, tab, m, sizeof *tab, cmp)) {
            hits++;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("table=%d queries=%d time=%.4f s hits=%ld\n", m, q,
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec), hits);
    free(tab);
    return 0;
}
