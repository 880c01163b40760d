/* Processes records and checks before each one whether its settings file changed (stat per
 * record): the answer never changes, the question is asked every time. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int main(int argc, char **argv) {
    const char *conf = argc > 1 ? argv[1] : "/etc/hostname";
    long n = argc > 2 ? atol(argv[2]) : 100000;
    struct stat st;
    long changed = 0;
    double acc = 0;
    for (long i = 0; i < n; i++) {
        if (stat(conf, &st) == 0 && st.st_size < 0) changed++;
        acc += (double)(i % 13) * 0.25;
    }
    printf("records=%ld changed=%ld acc=%.1f\n", n, changed, acc);
    return 0;
}
