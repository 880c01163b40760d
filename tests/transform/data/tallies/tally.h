#ifndef TALLY_H
#define TALLY_H
#define NZ 40

typedef struct {
    double absorbed;
    long events;
    double prof[NZ];
} Tally;

void score(Tally *t, int iz, double w);
#endif
