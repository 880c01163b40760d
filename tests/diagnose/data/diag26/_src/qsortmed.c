/* the median of a window taken by sorting a copy of the whole window at every step */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000, w = 801;
    double *x = malloc(n * sizeof *x), *tmp = malloc(w * sizeof *tmp), s = 0;
    for (int i = 0; i < n; ++i) x[i] = (double)((i * 2654435761u) % 10007);
    for (int i = 0; i + w <= n; ++i) {
        memcpy(tmp, x + i, w * sizeof *tmp);
        qsort(tmp, w, sizeof *tmp, cmp);        /* O(w log w) per step */
        s += tmp[w / 2];
    }
    printf("steps=%d median_sum=%.1f\n", n - w + 1, s);
    free(x); free(tmp); return 0;
}
