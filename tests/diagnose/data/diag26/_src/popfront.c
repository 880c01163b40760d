/* a work queue kept as an array whose head is removed with memmove of the rest */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 40000;
    int *q = malloc(n * sizeof *q), len = n; long s = 0;
    for (int i = 0; i < n; ++i) q[i] = i;
    while (len > 0) {
        s += q[0];
        memmove(q, q + 1, (size_t)(len - 1) * sizeof *q);   /* O(len) per pop */
        --len;
    }
    printf("popped=%d sum=%ld\n", n, s);
    free(q); return 0;
}
