#include <math.h>
#include "transport.h"

/* t and prof are shared by all threads: every score is made inside a critical section */

/* Henyey-Greenstein: cosine of the scattering angle */
static double hg_cos(double g, double u)
{
    if (fabs(g) < 1e-6)
        return 2.0 * u - 1.0;
    double f = (1.0 - g * g) / (1.0 - g + 2.0 * g * u);
    return (1.0 + g * g - f * f) / (2.0 * g);
}

void transport_photon(const slab_t *slab, rng_t *r, tally_t *t, depth_profile_t *prof)
{
    double z = 0.0, mu = 1.0, w = 1.0;   /* optical depth from the top, direction cosine */
    const double scale = prof->nbins / slab->tau;
    for (;;) {
        double s = -log(rng_uniform(r));
        z += s * mu;
        if (z < 0.0 || z > slab->tau) {
#pragma omp critical(score)
            {
                t->path += s;
                if (z < 0.0) t->reflected += w;
                else t->transmitted += w;
            }
            return;
        }
        /* implicit capture: deposit the absorbed part, keep scattering the rest */
        double dw = w * (1.0 - slab->albedo);
        w -= dw;
        int bin = (int)(z * scale), killed = 0;
        if (bin >= prof->nbins) bin = prof->nbins - 1;
        if (w < slab->wmin) {             /* Russian roulette */
            if (rng_uniform(r) < 0.1) w *= 10.0;
            else { dw += w; killed = 1; }
        }
#pragma omp critical(score)
        {
            t->path += s;
            t->collisions++;
            t->absorbed += dw;
            prof->deposit[bin] += dw;
        }
        if (killed)
            return;
        double ct = hg_cos(slab->g, rng_uniform(r));
        double phi = 2.0 * M_PI * rng_uniform(r);
        double st = sqrt(fmax(0.0, 1.0 - ct * ct));
        mu = mu * ct + sqrt(fmax(0.0, 1.0 - mu * mu)) * st * cos(phi);
        if (mu > 1.0) mu = 1.0;
        if (mu < -1.0) mu = -1.0;
    }
}
