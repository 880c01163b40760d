/* Four threads in four states for a debugger and ps to see: one computes, one blocks on a
 * mutex main holds, one waits on a condition variable, one sleeps in poll(). Prints "ready"
 * once all are in place, then main sleeps in nanosleep until killed. */
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static volatile double sink;

static void *compute(void *arg) {
    (void)arg;
    double s = 0.0;
    for (unsigned long i = 1;; ++i) {
        s += sqrt((double)i) * 1e-9;
        if ((i & 0xffffff) == 0) sink = s;
    }
    return NULL;
}

static void *locker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&held);
    pthread_mutex_unlock(&held);
    return NULL;
}

static void *waiter(void *arg) {
    (void)arg;
    pthread_mutex_lock(&cm);
    pthread_cond_wait(&cv, &cm);
    pthread_mutex_unlock(&cm);
    return NULL;
}

static void *poller(void *arg) {
    (void)arg;
    for (;;) poll(NULL, 0, 1000);
    return NULL;
}

int main(void) {
    pthread_t t[4];
    pthread_mutex_lock(&held);
    pthread_create(&t[0], NULL, compute, NULL);
    pthread_create(&t[1], NULL, locker, NULL);
    pthread_create(&t[2], NULL, waiter, NULL);
    pthread_create(&t[3], NULL, poller, NULL);
    printf("ready\n");
    fflush(stdout);
    struct timespec ts = {1000, 0};
    for (;;) nanosleep(&ts, NULL);
}
