/* The EP kernel (NPB ep.c, serial version): batches of NK pairs of uniforms, each pair
 * accepted inside the unit disc turned into two Gaussian deviates, counted by annulus. */
#include <math.h>
#include "ep.h"

static double x[2 * NK];   /* the batch's uniforms (the suite keeps them global too) */

void ep_run(int m, double seed, ep_result *res)
{
    double an, t1, t2, t3, t4, x1, x2, dum[3] = {1.0, 1.0, 1.0};
    double sx = 0.0, sy = 0.0, q[NQ];
    int nn = 1 << (m - MK);

    vranlc(0, &dum[0], dum[1], &dum[2]);
    dum[0] = randlc(&dum[1], dum[2]);
    for (int i = 0; i < 2 * NK; i++) x[i] = -1.0e99;

    /* an = a^(2 NK): the multiplier that skips one batch */
    t1 = EP_A;
    for (int i = 0; i < MK + 1; i++) t2 = randlc(&t1, t1);
    an = t1;
    for (int i = 0; i < NQ; i++) q[i] = 0.0;

    for (int k = 1; k <= nn; k++) {
        /* the seed of batch k by binary jumps (so that any batch can be generated alone) */
        int kk = k - 1;
        t1 = seed;
        t2 = an;
        for (int i = 1; i <= 100; i++) {
            int ik = kk / 2;
            if (2 * ik != kk) t3 = randlc(&t1, t2);
            if (ik == 0) break;
            t3 = randlc(&t2, t2);
            kk = ik;
        }
        vranlc(2 * NK, &t1, EP_A, x);

        for (int i = 0; i < NK; i++) {
            x1 = 2.0 * x[2 * i] - 1.0;
            x2 = 2.0 * x[2 * i + 1] - 1.0;
            t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                t2 = sqrt(-2.0 * log(t1) / t1);
                t3 = x1 * t2;
                t4 = x2 * t2;
                int l = (int)fmax(fabs(t3), fabs(t4));
                q[l] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
    }
    (void)t3;
    res->sx = sx;
    res->sy = sy;
    res->gc = 0.0;
    for (int i = 0; i < NQ; i++) {
        res->q[i] = q[i];
        res->gc += q[i];
    }
}
