#ifndef SIM_H
#define SIM_H
#define NB 64
extern double edep[NB];
extern long hits[NB];
double simulate(long n);
#endif
