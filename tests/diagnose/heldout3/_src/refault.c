/* Reuses a 64 MiB scratch buffer each step, but hands its pages back with MADV_DONTNEED after each step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

int main(int argc, char **argv) {
    size_t bytes = (argc > 1 ? atol(argv[1]) : 64) << 20;
    int steps = argc > 2 ? atoi(argv[2]) : 60;
    char *buf = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct rusage r0, r1;
    struct timespec a, b;
    getrusage(RUSAGE_SELF, &r0);
    clock_gettime(CLOCK_MONOTONIC, &a);
    unsigned long acc = 0;
    for (int s = 0; s < steps; s++) {
        memset(buf, s & 0xff, bytes);
        for (size_t i = 0; i < bytes; i += 4096) acc += buf[i];
#ifndef KEEP
        madvise(buf, bytes, MADV_DONTNEED);
#endif
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    getrusage(RUSAGE_SELF, &r1);
    double dt = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    double sys = (r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) + 1e-6 * (r1.ru_stime.tv_usec - r0.ru_stime.tv_usec);
    double usr = (r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) + 1e-6 * (r1.ru_utime.tv_usec - r0.ru_utime.tv_usec);
    printf("steps=%d buffer_mb=%zu\n", steps, bytes >> 20);
    printf("time=%.3f s user=%.3f s sys=%.3f s\n", dt, usr, sys);
    printf("minor_faults=%ld faults_per_step=%ld\n", r1.ru_minflt - r0.ru_minflt, (r1.ru_minflt - r0.ru_minflt) / steps);
    printf("acc=%lu\n", acc);
    return 0;
}
