/* bookprice: prices the desk's book of European options every night (PARSEC blackscholes) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "blackscholes.h"

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int numOptions = argc > 1 ? atoi(argv[1]) : 65536;
    if (numOptions < 1) {
        fprintf(stderr, "usage: bookprice NOPTIONS\n");
        return 2;
    }
    Book b;
    if (make_book(&b, numOptions) != 0) {
        fprintf(stderr, "bookprice: out of memory\n");
        return 1;
    }
    printf("book: %d options, %d runs\n", numOptions, NUM_RUNS);
    double t0 = wall();
    bs_thread(&b);
    double t1 = wall();

    double calls = 0.0, puts = 0.0, weighted = 0.0;
    float lo = b.prices[0], hi = b.prices[0];
    for (int i = 0; i < numOptions; i++) {
        if (b.otype[i])
            puts += b.prices[i];
        else
            calls += b.prices[i];
        weighted += (double)b.prices[i] * (i % 89 + 1);
        if (b.prices[i] < lo) lo = b.prices[i];
        if (b.prices[i] > hi) hi = b.prices[i];
    }
    printf("value: calls %.8e  puts %.8e  weighted %.8e\n", calls, puts, weighted);
    printf("range: %.7e .. %.7e\n", (double)lo, (double)hi);
    printf("prices 0, %d, %d: %.7e %.7e %.7e\n", numOptions / 2, numOptions - 1,
           (double)b.prices[0], (double)b.prices[numOptions / 2],
           (double)b.prices[numOptions - 1]);
    printf("pricing: %.4f s (%.1f ns per option)\n", t1 - t0,
           (t1 - t0) * 1e9 / ((double)numOptions * NUM_RUNS));
    free_book(&b);
    return 0;
}
