/* mvsearch WIDTH HEIGHT FRAMES: motion vectors of a synthetic clip, frame t against t-1 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sad.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 352;
    int height = argc > 2 ? atoi(argv[2]) : 288;
    int frames = argc > 3 ? atoi(argv[3]) : 4;
    width -= width % MB_SIZE;
    height -= height % MB_SIZE;
    int mbx = width / MB_SIZE, mby = height / MB_SIZE;
    unsigned *sads = malloc((size_t)mbx * mby * SEARCH_POSITIONS * sizeof(unsigned));
    MotionVector *mv = malloc((size_t)mbx * mby * sizeof(MotionVector));
    Frame ref, cur;
    make_frame(&ref, width, height, 0);
    printf("clip %d x %d, %d macroblocks, search +-%d, %d frames\n", width, height, mbx * mby,
           SEARCH_RANGE, frames);
    double searching = 0.0;
    unsigned long long total = 0;
    for (int t = 1; t <= frames; t++) {
        make_frame(&cur, width, height, t);
        double t0 = now();
        sad_search(&cur, &ref, sads);
        searching += now() - t0;
        pick_vectors(sads, mbx * mby, mv);
        summarise(t, mv, mbx, mby);
        for (int b = 0; b < mbx * mby; b++) total += mv[b].sad;
        free(ref.pix);
        ref = cur;
    }
    free(ref.pix);
    printf("total best SAD %llu\n", total);
    printf("[sad] %.1f ms in the search, %.2f Msad/s\n", 1e3 * searching,
           (double)frames * mbx * mby * SEARCH_POSITIONS / searching * 1e-6);
    free(sads);
    free(mv);
    return 0;
}
