/* pktbuf.c networking: checksum of captured packet batches, each batch unpacked into a fresh 48 MB scratch buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define SZ (48L << 20)
int main(int argc, char **argv) {
  int batches = argc > 1 ? atoi(argv[1]) : 150;
  unsigned long sum = 0;
#ifdef REUSE
  unsigned char *buf = malloc(SZ);
#endif
  for (int b = 0; b < batches; b++) {
#ifndef REUSE
    unsigned char *buf = malloc(SZ);
#endif
    for (long i = 0; i < SZ; i += 64) buf[i] = (unsigned char)(i + b);
    for (long i = 0; i < SZ; i += 256) sum += buf[i];
#ifndef REUSE
    free(buf);
#endif
  }
  printf("batches %d checksum %lu\n", batches, sum);
  return 0;
}
