/* smooth: multi-look style despeckling of a synthetic single-look SAR scene by separable
 * recursive exponential smoothing at several scales; prints image statistics per scale.
 * The image size is fixed at build time: make CPPFLAGS="-DIMG_W=... -DIMG_H=..."
 * usage: smooth [nscales=3] [passes=3] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "image.h"
#include "recursive.h"

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + 1e-6 * tv.tv_usec;
}

int main(int argc, char **argv)
{
    int nscales = argc > 1 ? atoi(argv[1]) : 3;
    int passes = argc > 2 ? atoi(argv[2]) : 3;
    image_t scene = image_new(IMG_W, IMG_H), work = image_new(IMG_W, IMG_H),
            tmp = image_new(IMG_H, IMG_W);
    image_synthetic_sar(&scene, 424242UL);
    double mean, var, maxv, sxy;
    image_stats(&scene, &mean, &var, &maxv, &sxy);
    printf("[smooth] scene %dx%d  mean %.6e  ENL %.4f  max %.4e\n", IMG_W, IMG_H, mean,
           mean * mean / var, maxv);

    double elapsed = 0.0;
    clock_t c0 = clock();
    for (int k = 0; k < nscales; k++) {
        double scale = 1.0 * (1 << k);
        memcpy(work.data, scene.data, sizeof(float) * IMG_W * IMG_H);
        double t0 = now();
        smooth_2d(&work, &tmp, scale, passes);
        elapsed += now() - t0;
        image_stats(&work, &mean, &var, &maxv, &sxy);
        printf("[smooth] scale %6.2f px  mean %.6e  ENL %10.4f  max %.6e  moment %.8e\n",
               scale, mean, mean * mean / var, maxv, sxy);
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;  /* includes the statistics */
    printf("[smooth] filtering: %.1f ms (%.2f ns per pixel and scale), cpu %.2f s\n",
           1e3 * elapsed, 1e9 * elapsed / ((double)IMG_W * IMG_H * nscales), cpu);
    image_free(&scene);
    image_free(&work);
    image_free(&tmp);
    return 0;
}
