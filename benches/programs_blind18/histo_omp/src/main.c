/* pixtally: per-frame saturating histograms of a detector run, summed into a tally.
 * usage: pixtally NPIX NFRAMES */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <omp.h>
#include "histo.h"

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + 1e-6 * tv.tv_usec;
}

int main(int argc, char **argv)
{
    size_t npix = argc > 1 ? strtoul(argv[1], NULL, 10) : 1u << 21;
    int nframes = argc > 2 ? atoi(argv[2]) : 10;
    unsigned int *img = malloc(npix * sizeof *img);
    unsigned char *histo = malloc(HISTO_BINS);
    unsigned long long *tally = calloc(HISTO_BINS, sizeof *tally);
    if (!img || !histo || !tally) { fprintf(stderr, "out of memory\n"); return 1; }

    double t_compute = 0.0;
    unsigned long long saturated = 0, checksum = 0;
    for (int f = 0; f < nframes; f++) {
        make_frame(img, npix, 12345u + 977u * (unsigned int)f);
        double t0 = now();
        histo_frame(img, npix, histo);
        t_compute += now() - t0;
        for (size_t b = 0; b < HISTO_BINS; b++) {
            tally[b] += histo[b];
            saturated += (histo[b] == 255);
            checksum = checksum * 31u + histo[b];
        }
    }
    unsigned long long total = 0, weighted = 0, nonzero = 0, peak = 0;
    size_t peak_bin = 0;
    for (size_t b = 0; b < HISTO_BINS; b++) {
        total += tally[b];
        weighted += tally[b] * (b % 1000u);
        nonzero += tally[b] != 0;
        if (tally[b] > peak) { peak = tally[b]; peak_bin = b; }
    }
    printf("pixtally: %zu pixels x %d frames, %d threads\n", npix, nframes, omp_get_max_threads());
    printf("counts total %llu nonzero bins %llu saturated %llu\n", total, nonzero, saturated);
    printf("counts weighted %llu peak %llu at bin %zu\n", weighted, peak, peak_bin);
    printf("counts hash %llu\n", checksum % 1000000007ull);
    printf("Timing: compute %.3f s\n", t_compute);
    free(img); free(histo); free(tally);
    return 0;
}
