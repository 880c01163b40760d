/* an integer modulo by a runtime divisor in the hot loop: idiv latency bound */
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) long hashsum(const long *a, long n, long m) {
    long s = 0;
    for (long i = 0; i < n; i++) s += a[i] % m + (a[i] / (m + 3));
    return s;
}
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 100;
    long m = argc > 3 ? atol(argv[3]) : 1009;
    long *a = malloc(n * sizeof *a);
    for (long i = 0; i < n; i++) a[i] = i * 2654435761L;
    long s = 0;
    for (int r = 0; r < reps; r++) s += hashsum(a, n, m + r);
    printf("s=%ld\n", s);
    return 0;
}
