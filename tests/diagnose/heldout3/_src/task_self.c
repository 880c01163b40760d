/* One task of a job step: a fixed amount of arithmetic; prints its CPU time, wall time and allowed CPUs. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

int main(int argc, char **argv) {
    long iters = argc > 1 ? atol(argv[1]) : 400000000L;
    const char *id = getenv("SLURM_PROCID");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double x = 0.5;
    for (long i = 0; i < iters; i++) x = x * 0.9999999 + 1e-7;
    clock_gettime(CLOCK_MONOTONIC, &b);
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    double wall = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    double cpu = r.ru_utime.tv_sec + 1e-6 * r.ru_utime.tv_usec;
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    printf("task=%s cpu_time=%.3f s wall=%.3f s allowed_cpus=%d x=%.6f\n", id ? id : "0", cpu, wall, CPU_COUNT(&set), x);
    return 0;
}
