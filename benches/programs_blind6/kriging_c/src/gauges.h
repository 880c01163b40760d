/* Rain-gauge network: positions [km] and storm totals [mm] */
#ifndef GAUGES_H
#define GAUGES_H

typedef struct {
    int n;
    double *x, *y, *rain;
} Gauges;

/* the "true" storm field, used to make the synthetic network and to score the map */
double storm_field(double x, double y);

/* n gauges scattered over a 200 x 200 km region, with measurement noise */
int gauges_synthetic(Gauges *g, int n, unsigned seed);
void gauges_free(Gauges *g);

#endif
