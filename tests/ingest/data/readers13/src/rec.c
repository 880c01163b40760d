#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
/* writes N records, one write() per record: a syscall per record */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int fd = open("/tmp/readers13-build/out.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  char rec[64];
  for (int i = 0; i < n; i++) {
    int len = snprintf(rec, sizeof rec, "record %d value %d\n", i, i * 7);
    if (write(fd, rec, len) != len) return 1;
  }
  close(fd);
  printf("wrote %d records\n", n);
  return 0;
}
