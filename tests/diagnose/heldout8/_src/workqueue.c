/* Producer/consumer: one producer thread pushes small work items (one cell index each)
   into a shared ring protected by one pthread mutex + condition variables; two consumers
   pop one item at a time and do a little work on it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define CAP 1024
#ifndef BATCH
#define BATCH 1
#endif
static long ring[CAP];
static int head, tail, count, done;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notempty = PTHREAD_COND_INITIALIZER, notfull = PTHREAD_COND_INITIALIZER;
static double result[2];
static double cpu[3];
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static void *consumer(void *arg) {
  long id = (long)arg; double acc = 0, c0 = tcpu();
  for (;;) {
    long items[BATCH]; int got = 0;
    pthread_mutex_lock(&mu);
    while (count == 0 && !done) pthread_cond_wait(&notempty, &mu);
    if (count == 0 && done) { pthread_mutex_unlock(&mu); break; }
    while (count > 0 && got < BATCH) { items[got++] = ring[head]; head = (head + 1) % CAP; count--; }
    pthread_cond_signal(&notfull);
    pthread_mutex_unlock(&mu);
    for (int g = 0; g < got; g++) { double x = items[g] * 1e-6; for (int k = 0; k < 20; k++) x = x * 0.999 + 1e-3; acc += x; }
  }
  result[id] = acc; cpu[1 + id] = tcpu() - c0;
  return NULL;
}
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 10000000;
  pthread_t c[2];
  struct timespec w0, w1; clock_gettime(CLOCK_MONOTONIC, &w0);
  for (long t = 0; t < 2; t++) pthread_create(&c[t], NULL, consumer, (void *)t);
  double c0 = tcpu();
  for (long i = 0; i < n; i += BATCH) {
    pthread_mutex_lock(&mu);
    while (count > CAP - BATCH) pthread_cond_wait(&notfull, &mu);
    for (long j = i; j < i + BATCH && j < n; j++) { ring[tail] = j; tail = (tail + 1) % CAP; count++; }
    pthread_cond_signal(&notempty);
    pthread_mutex_unlock(&mu);
  }
  pthread_mutex_lock(&mu); done = 1; pthread_cond_broadcast(&notempty); pthread_mutex_unlock(&mu);
  cpu[0] = tcpu() - c0;
  for (int t = 0; t < 2; t++) pthread_join(c[t], NULL);
  clock_gettime(CLOCK_MONOTONIC, &w1);
  printf("items=%ld result=%.6f\n", n, result[0] + result[1]);
  printf("producer cpu_time=%.3f s\nconsumer0 cpu_time=%.3f s\nconsumer1 cpu_time=%.3f s\n", cpu[0], cpu[1], cpu[2]);
  printf("time=%.3f s\n", (w1.tv_sec - w0.tv_sec) + 1e-9 * (w1.tv_nsec - w0.tv_nsec));
  return 0;
}
