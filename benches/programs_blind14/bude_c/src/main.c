/* dockscan: energies of NPOSES poses of a ligand in a protein pocket with miniBUDE's
 * fasten kernel; prints the best poses and a summary, and the kernel's time.
 * usage: dockscan NPOSES [NATLIG NATPRO] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bude.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    int nposes = argc > 1 ? atoi(argv[1]) : 4096;
    int natlig = argc > 2 ? atoi(argv[2]) : 26;
    int natpro = argc > 3 ? atoi(argv[3]) : 938;
    if (nposes < PPWI || nposes % PPWI != 0 || natlig < 1 || natpro < 1) {
        fprintf(stderr, "usage: dockscan NPOSES [NATLIG NATPRO] (NPOSES a multiple of %d)\n",
                PPWI);
        return 2;
    }
    Deck d;
    if (make_deck(&d, natlig, natpro, nposes, 20261205u) != 0) {
        fprintf(stderr, "dockscan: out of memory\n");
        return 1;
    }
    float *energies = malloc(sizeof(float) * nposes);

    double t0 = now();
    for (int group = 0; group < nposes / PPWI; group++)
        fasten_main(d.natlig, d.natpro, d.protein, d.ligand, d.poses, energies,
                    d.forcefield, group);
    double t1 = now();

    double sum = 0.0;
    int best = 0, worst = 0;
    for (int i = 0; i < nposes; i++) {
        sum += energies[i];
        if (energies[i] < energies[best]) best = i;
        if (energies[i] > energies[worst]) worst = i;
    }
    printf("deck: %d ligand atoms, %d protein atoms, %d poses\n", natlig, natpro, nposes);
    printf("energy sum %.9e\n", sum);
    printf("best pose %d energy %.8e\n", best, energies[best]);
    printf("worst pose %d energy %.8e\n", worst, energies[worst]);
    for (int i = 0; i < 8; i++)
        printf("energy[%d] %.8e\n", i * (nposes / 8), energies[i * (nposes / 8)]);
    printf("fasten: %.2f ms (%.3f ns per interaction)\n", 1e3 * (t1 - t0),
           1e9 * (t1 - t0) / ((double)nposes * natlig * natpro));
    free(energies);
    free_deck(&d);
    return 0;
}
