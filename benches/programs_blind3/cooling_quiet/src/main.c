/* cooling: explicit radiative cooling of an ensemble of clouds against the tabulated curve.
   usage: ./cooling [steps=100] [out=cooling.dat]; writes the final state, prints nothing */
#include <stdlib.h>
#include "cooling.h"
#include "output.h"

#ifndef NCELLS
#define NCELLS 10000
#endif
#ifndef NTAB
#define NTAB 1000
#endif

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 100;
    const char *out = argc > 2 ? argv[2] : "cooling.dat";
    Table curve = cooling_curve(NTAB);
    Clouds c = clouds_init(NCELLS);
    for (int s = 0; s < steps; s++)
        cooling_step(&c, &curve, 0.002);

    double total = 0, tmean = 0;
    int hot = 0;
    for (int i = 0; i < c.n; i++) {
        total += c.radiated[i];
        tmean += c.logt[i];
        hot += c.logt[i] > 6.0;
    }
    FILE *f = output_open(out, "cooling run: cell log10T radiated");
    fprintf(f, "# steps %d cells %d table %d\n", steps, c.n, curve.n);
    fprintf(f, "# radiated %.10e mean_logT %.10f hot %d\n", total, tmean / c.n, hot);
    for (int i = 0; i < c.n; i += 50)
        fprintf(f, "%d %.10f %.10e\n", i, c.logt[i], c.radiated[i]);
    output_close(f);
    table_free(&curve);
    return 0;
}
