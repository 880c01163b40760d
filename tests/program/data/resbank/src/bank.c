#include <math.h>
#include "bank.h"

#ifndef Q0
#define Q0 0.9965 /* pole radius of the lowest resonator */
#endif

void bank_init(bank *b, double rate) {
  for (int k = 0; k < NRES; k++) {
    double f = 55.0 * (k + 1), q = Q0 - 0.00002 * k;
    b->a1[k] = 2.0 * q * cos(2.0 * M_PI * f / rate);
    b->a2[k] = -q * q;
    b->y1[k] = b->y2[k] = 0.0;
  }
}

/* one sample through every resonator of the bank */
double bank_step(bank *b, double x) {
  double out = 0.0;
  for (int k = 0; k < NRES; k++) {
    double y = x + b->a1[k] * b->y1[k] + b->a2[k] * b->y2[k];
    b->y2[k] = b->y1[k];
    b->y1[k] = y;
  }
  for (int k = 0; k < NRES; k++) out += b->y1[k];
  return out / NRES;
}

double bank_tail(const bank *b) {
  double m = 0.0;
  for (int k = 0; k < NRES; k++) m = fmax(m, fabs(b->y1[k]));
  return m;
}
