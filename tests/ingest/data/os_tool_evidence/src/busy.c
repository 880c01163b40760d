/* Two threads: one computes, one sleeps and touches fresh pages (faults); runs N seconds. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile int stop;
static double sink;

static void *toucher(void *arg) {
    (void)arg;
    while (!stop) {
        volatile char *p = malloc(8 << 20);
        for (int i = 0; i < (8 << 20); i += 4096) p[i] = 1;  /* one fault per page */
        sink += p[4096];
        free((void *)p);
        usleep(20000);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int secs = argc > 1 ? atoi(argv[1]) : 4;
    pthread_t t;
    pthread_create(&t, NULL, toucher, NULL);
    time_t end = time(NULL) + secs;
    double s = 0.0;
    while (time(NULL) < end)
        for (int i = 0; i < 1000000; i++) s += i * 1e-9;
    stop = 1;
    pthread_join(t, NULL);
    printf("s=%g %g\n", s, sink);
    return 0;
}
