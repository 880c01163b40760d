/* reads one data file whole again and again and sums it: a serial program whose kernel time
   is the page cache copying into its buffer (no MPI) */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "data.bin";
    int passes = argc > 2 ? atoi(argv[2]) : 50;
    size_t cap = 1 << 22;
    unsigned char *buf = malloc(cap);
    unsigned long sum = 0;
    for (int p = 0; p < passes; p++) {
        FILE *f = fopen(path, "rb");
        if (!f) { perror(path); return 1; }
        size_t got;
        while ((got = fread(buf, 1, cap, f)) > 0)
            for (size_t i = 0; i < got; i += 64) sum += buf[i];
        fclose(f);
    }
    printf("passes %d sum %lu\n", passes, sum);
    free(buf);
    return 0;
}
