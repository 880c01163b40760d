/* keyrank: ranks (sorts) the run's event keys with the NAS IS kernel */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "is.h"

static double wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(void)
{
    if (alloc_key_arrays() != 0) {
        fprintf(stderr, "keyrank: out of memory\n");
        return 1;
    }
    printf(" keys: %d (2^%d), key range [0, %d), %d iterations\n", NUM_KEYS,
           TOTAL_KEYS_LOG_2, MAX_KEY, MAX_ITERATIONS);

    /* Generate random number sequence and subsequent keys on all procs */
    create_seq(314159265.00, 1220703125.00);

    /* Do one interation for free (i.e., untimed) to guarantee initialization of all data
       and code pages and respective tables */
    rank(1);
    rank_checksum = 0;

    double t0 = wtime();
    for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++)
        rank(iteration);
    double t1 = wtime();

    int unsorted = full_verify();
    long long weighted = 0;
    for (INT_TYPE i = 0; i < NUM_KEYS; i += 4099)
        weighted += (long long)key_array[i] * (i % 7 + 1);
    printf(" rank checksum: %lld\n", rank_checksum);
    printf(" sorted keys: first %d  median %d  last %d  sampled sum %lld\n", key_array[0],
           key_array[NUM_KEYS / 2], key_array[NUM_KEYS - 1], weighted);
    printf(" keys out of order after full verify: %d\n", unsorted);
    printf(" Time in seconds = %12.4f\n", t1 - t0);
    printf(" Mop/s total     = %12.2f\n",
           (double)MAX_ITERATIONS * NUM_KEYS / (t1 - t0) / 1e6);
    return 0;
}
