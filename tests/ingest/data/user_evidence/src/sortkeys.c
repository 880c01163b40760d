/* Sorts text records by a numeric key that the comparator parses at every comparison. */
#include <stdio.h>
#include <stdlib.h>

static char (*rec)[24];

static int cmp_text(const void *a, const void *b) {
    double x = strtod(*(const char (*)[24])a, NULL), y = strtod(*(const char (*)[24])b, NULL);
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 300000;
    rec = malloc((size_t)n * sizeof *rec);
    unsigned s = 7;
    for (long i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        snprintf(rec[i], sizeof rec[i], "%.9e", (s % 1000000u) / 97.0);
    }
    qsort(rec, (size_t)n, sizeof *rec, cmp_text);
    printf("records=%ld first=%s\n", n, rec[0]);
    free(rec);
    return 0;
}
