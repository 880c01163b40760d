/* a 32 MB scratch buffer allocated (mmap) and freed (munmap) at every time step */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int steps = argc > 1 ? atoi(argv[1]) : 120; size_t n = 4u << 20; double t = 0;
    for (int s = 0; s < steps; ++s) {
        double *w = malloc(n * sizeof *w);          /* above the mmap threshold */
        for (size_t i = 0; i < n; i += 8) w[i] = s + i;
        for (size_t i = 0; i < n; i += 512) t += w[i];
        free(w);
    }
    printf("steps=%d t=%.3e\n", steps, t);
    return 0;
}
