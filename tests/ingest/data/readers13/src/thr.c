#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
/* T threads, each writes its records one write() per record to its own file */
static int per;
static void *work(void *arg) {
  long id = (long)arg; char name[64], rec[64];
  snprintf(name, sizeof name, "/tmp/readers13-build/thr%ld.bin", id);
  int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < per; i++) {
    int len = snprintf(rec, sizeof rec, "t%ld record %d\n", id, i);
    if (write(fd, rec, len) != len) break;
  }
  close(fd);
  return NULL;
}
int main(int argc, char **argv) {
  int t = argc > 1 ? atoi(argv[1]) : 2; per = argc > 2 ? atoi(argv[2]) : 5000;
  pthread_t th[16];
  for (long i = 0; i < t; i++) pthread_create(&th[i], NULL, work, (void *)i);
  for (int i = 0; i < t; i++) pthread_join(th[i], NULL);
  printf("threads=%d records=%d\n", t, t * per);
  return 0;
}
