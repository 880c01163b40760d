/* Rodinia 3.1 lavaMD/kernel/kernel_cpu.c, as in the suite (its OpenMP pragma not used):
 * for every home box, for itself and each neighbour box, all particle pairs. */
#include <math.h>
#include "lavamd.h"

void kernel_cpu(par_str par, dim_str dim, const box_str *box, const FOUR_VECTOR *rv,
                const double *qv, FOUR_VECTOR *fv)
{
    double alpha = par.alpha;
    double a2 = 2.0 * alpha * alpha;

    int i, j, k, l;
    long first_i, first_j;
    int pointer;
    const FOUR_VECTOR *rA, *rB;
    FOUR_VECTOR *fA;
    const double *qB;
    double r2, u2, fs, vij, fxij, fyij, fzij;
    THREE_VECTOR d;

    for (l = 0; l < dim.number_boxes; l = l + 1) {
        first_i = box[l].offset;
        rA = &rv[first_i];
        fA = &fv[first_i];

        for (k = 0; k < (1 + box[l].nn); k++) {
            if (k == 0)
                pointer = l;
            else
                pointer = box[l].nei[k - 1].number;
            first_j = box[pointer].offset;
            rB = &rv[first_j];
            qB = &qv[first_j];

            for (i = 0; i < NUMBER_PAR_PER_BOX; i = i + 1) {
                for (j = 0; j < NUMBER_PAR_PER_BOX; j = j + 1) {
                    r2 = rA[i].v + rB[j].v - DOT(rA[i], rB[j]);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2. * vij;
                    d.x = rA[i].x - rB[j].x;
                    d.y = rA[i].y - rB[j].y;
                    d.z = rA[i].z - rB[j].z;
                    fxij = fs * d.x;
                    fyij = fs * d.y;
                    fzij = fs * d.z;
                    fA[i].v += qB[j] * vij;
                    fA[i].x += qB[j] * fxij;
                    fA[i].y += qB[j] * fyij;
                    fA[i].z += qB[j] * fzij;
                }
            }
        }
    }
}
