/* otsu: per-frame and run-wide Otsu thresholds of a line-scan camera run (particle fraction QC)
   usage: ./otsu [frames=20] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "camera.h"
#include "histogram.h"
#include "otsu.h"

int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : 20;
    long npix = (long)FRAME_W * FRAME_H;
    uint16_t *pix = malloc(npix * sizeof *pix);
    long *hist = malloc(LEVELS * sizeof *hist), *run = calloc(LEVELS, sizeof *run);
    long above = 0;
    int tmin = LEVELS, tmax = 0;

    double t0 = omp_get_wtime();
    for (int f = 0; f < frames; f++) {
        camera_frame(f, pix);
        memset(hist, 0, LEVELS * sizeof *hist);
        histogram_add(pix, npix, hist);
        double sep;
        int t = otsu_threshold(hist, LEVELS, &sep);
        tmin = t < tmin ? t : tmin;
        tmax = t > tmax ? t : tmax;
        for (int v = t + 1; v < LEVELS; v++)
            above += hist[v];
        for (int v = 0; v < LEVELS; v++)
            run[v] += hist[v];
    }
    double elapsed = omp_get_wtime() - t0;

    double sep;
    int t = otsu_threshold(run, LEVELS, &sep);
    printf("otsu: %d frames of %dx%d, %d threads\n", frames, FRAME_W, FRAME_H,
           omp_get_max_threads());
    printf("frames processed in %.3f s (%.1f frames/s)\n", elapsed, frames / elapsed);
    printf("frame thresholds %d..%d, run threshold %d, separability %.6f\n", tmin, tmax, t, sep);
    printf("particle fraction %.6f\n", (double)above / ((double)npix * frames));
    free(pix); free(hist); free(run);
    return 0;
}
