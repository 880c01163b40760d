/* The look-alike of a stat per record: one small file written per record (stat() to see
 * whether it exists, fopen, fprintf, fclose) into a scratch directory given as argv[1]: the
 * kernel's time is the files' (open, write, close), not the stat calls'. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : ".";
    long n = argc > 2 ? atol(argv[2]) : 20000;
    char name[4096];
    for (long i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s/rec%ld.txt", dir, i % 1000);
        struct stat st;
        long had = stat(name, &st) == 0 ? (long)st.st_size : 0;
        FILE *f = fopen(name, had > 0 ? "a" : "w");
        if (!f) return 1;
        fprintf(f, "%ld %f\n", i, i * 0.5);
        fclose(f);
    }
    printf("records=%ld\n", n);
    return 0;
}
