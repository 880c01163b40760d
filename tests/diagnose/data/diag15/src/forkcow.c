/* Every `every` steps a child is forked to write a checkpoint (here: it sums the array and
   exits), so the parent's next sweep writes pages shared with the child: copy-on-write faults. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 25000000;
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    int every = argc > 3 ? atoi(argv[3]) : 1; /* 0: fork one child at start only */
    double *u = malloc(n * sizeof *u);
    for (long i = 0; i < n; i++) u[i] = 1.0;
    if (every == 0 && fork() == 0) _exit(0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < steps; k++) {
        for (long i = 0; i < n; i++) u[i] = 0.5 * u[i] + 1.0;
        if (every && k % every == 0) {
            pid_t p = fork();
            if (p == 0) {
                double s = 0;
                for (long i = 0; i < n; i += 512) s += u[i];
                FILE *f = fopen("/dev/null", "w");
                fprintf(f, "%g\n", s);
                fclose(f);
                _exit(0);
            }
        }
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
    }
    while (wait(NULL) > 0) {}
    clock_gettime(CLOCK_MONOTONIC, &t1);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("n=%ld steps=%d time=%.4f s minor_faults=%ld u0=%g\n", n, steps,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), ru.ru_minflt, u[0]);
    return 0;
}
