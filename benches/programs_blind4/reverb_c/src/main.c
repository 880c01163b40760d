/* reverb: run the room reverb over the session's percussion takes and report their tails
   usage: ./reverb [seconds per take = 20] [room size 0..1 = 0.5] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "reverb.h"
#include "takes.h"

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 20.0;
    float room = argc > 2 ? (float)atof(argv[2]) : 0.5f;
    long n = (long)(seconds * SAMPLE_RATE);
    float *in = malloc(n * sizeof(float)), *out = malloc(n * sizeof(float));

    printf("reverb: %d takes x %.1f s at %d Hz, room %.2f\n", NTAKES, seconds, SAMPLE_RATE, room);
    double busy = 0.0;
    for (int t = 0; t < NTAKES; t++) {
        make_take(in, n, t);
        Reverb r;
        reverb_init(&r, room, 0.5f, 1.0f, 0.3f);
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        reverb_process(&r, in, out, n);
        clock_gettime(CLOCK_MONOTONIC, &b);
        busy += (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
        TakeStats s = take_stats(out, n);
        printf("take %d: peak %.6f  rms %.6e  T30 %.2f s  T60 %.2f s\n", t + 1, s.peak, s.rms,
               s.rt30, s.rt60);
        reverb_free(&r);
    }
    printf("DSP time %.3f s for %.1f s of audio (%.1fx real time)\n", busy, NTAKES * seconds,
           NTAKES * seconds / busy);
    free(in);
    free(out);
    return 0;
}
