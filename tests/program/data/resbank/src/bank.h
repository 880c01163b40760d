#ifndef BANK_H
#define BANK_H
#ifndef NRES
#define NRES 64
#endif
/* a bank of two-pole resonators, one array per coefficient and state */
typedef struct { double a1[NRES], a2[NRES], y1[NRES], y2[NRES]; } bank;
void bank_init(bank *b, double rate);
double bank_step(bank *b, double x);
double bank_tail(const bank *b);
double level_db(double v);
double decay_time(const double *env, long n, double rate, double drop_db);
#endif
