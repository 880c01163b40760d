/* Builds one long string by appending each item with strcat (which rescans it every time). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 40000;
    char *buf = malloc((size_t)n * 8 + 1);
    buf[0] = '\0';
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) strcat(buf, "item;");
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("items=%ld length=%zu time=%.4f s\n", n, strlen(buf),
           (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec));
    free(buf);
    return 0;
}
