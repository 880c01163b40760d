/* Chained hash table of record ids; ids are multiples of 4096 and the bucket is id mod 4096. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NB 4096
struct node { long key; long val; struct node *next; };
static struct node *tab[NB];

static unsigned bucket(long key) { return (unsigned)(key % NB); }

static void insert(long key, long val) {
    struct node *e = malloc(sizeof *e);
    e->key = key; e->val = val; e->next = tab[bucket(key)]; tab[bucket(key)] = e;
}

static long lookup(long key) {
    for (struct node *e = tab[bucket(key)]; e; e = e->next) if (e->key == key) return e->val;
    return -1;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long hit = 0;
    for (long i = 0; i < n; i++) {
        long id = 4096L * (i + 1);
        if (lookup(id) < 0) insert(id, i);
        hit += lookup(4096L * (1 + (i * 31) % (i + 1))) >= 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double dt = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("records=%ld time=%.3f s hits=%ld\n", n, dt, hit);
    return 0;
}
