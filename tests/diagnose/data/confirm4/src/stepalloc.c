/* a large scratch buffer allocated, touched and freed every step: mmap/munmap + page faults */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 4000000;
    int steps = argc > 2 ? atoi(argv[2]) : 400;
    double acc = 0;
    for (int s = 0; s < steps; s++) {
        double *tmp = malloc(n * sizeof *tmp);
        for (long i = 0; i < n; i += 64) tmp[i] = s + i;
        for (long i = 0; i < n; i += 512) acc += tmp[i];
        free(tmp);
    }
    printf("acc=%.6g\n", acc);
    return 0;
}
