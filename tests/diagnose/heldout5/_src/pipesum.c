/* A producer process streams doubles to a consumer through a pipe, one value per write/read. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 200000;
    int p[2];
    if (pipe(p)) return 1;
    double t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        for (long i = 0; i < n; i++) {
            double v = 1.0 / (i + 1);
            if (write(p[1], &v, sizeof v) != sizeof v) _exit(1);
        }
        close(p[1]);
        _exit(0);
    }
    close(p[1]);
    double sum = 0, v;
    long got = 0;
    while (read(p[0], &v, sizeof v) == sizeof v) { sum += v; got++; }
    waitpid(pid, NULL, 0);
    double t = now() - t0;
    printf("values=%ld time=%.3f s  %.2f MB/s  sum=%.6f\n", got, t, got * 8.0 / t / 1e6, sum);
    return 0;
}
