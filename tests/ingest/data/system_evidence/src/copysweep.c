/* Copies arrays of growing size and prints its own table "bytes reps time_s GB/s" (a column
 * headed by its unit); with "pool N" it copies with N pthread workers and prints one
 * "workers=N n=... time=... s" line. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static char *src_, *dst_;
static size_t chunk_;

static void *work(void *arg) {
    size_t i = (size_t)arg;
    for (int r = 0; r < 20; ++r) memcpy(dst_ + i * chunk_, src_ + i * chunk_, chunk_);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc > 2 && strcmp(argv[1], "pool") == 0) {
        int n = atoi(argv[2]);
        size_t total = (size_t)1 << 26;
        src_ = calloc(total, 1); dst_ = calloc(total, 1); chunk_ = total / n;
        pthread_t t[64];
        double a = now();
        for (int i = 0; i < n && i < 64; ++i) pthread_create(&t[i], NULL, work, (void *)(size_t)i);
        for (int i = 0; i < n && i < 64; ++i) pthread_join(t[i], NULL);
        printf("workers=%d n=%zu time=%.3f s\n", n, total, now() - a);
        return 0;
    }
    printf("%12s %8s %8s %8s\n", "bytes", "reps", "time_s", "GB/s");
    for (size_t bytes = (size_t)1 << 16; bytes <= (size_t)1 << 26; bytes <<= 2) {
        char *s = calloc(bytes, 1), *d = calloc(bytes, 1);
        long reps = (long)(((size_t)1 << 30) / bytes);
        double a = now();
        for (long r = 0; r < reps; ++r) {
            memcpy(d, s, bytes);
            s[r % bytes] = (char)(d[(r * 7) % bytes] + 1);  /* each copy is read */
        }
        double t = now() - a;
        printf("%12zu %8ld %8.4f %8.2f\n", bytes, reps, t, 2.0 * bytes * reps / t / 1e9);
        free(s); free(d);
    }
    return 0;
}
