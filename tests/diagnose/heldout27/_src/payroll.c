/* payroll.c payroll: net pay of employees, the progressive tax-bracket table rebuilt (pow per bracket) for every employee. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define NB 48
static void brackets(double *lim, double *rate, double infl) {
  for (int b = 0; b < NB; b++) { lim[b] = 8000.0 * pow(1.0 + infl, b) * pow(1.07, b); rate[b] = 0.05 + 0.4 * pow(b / (double)NB, 1.3); }
}
static double tax(double gross, const double *lim, const double *rate) {
  double t = 0, prev = 0;
  for (int b = 0; b < NB && gross > prev; b++) { double top = gross < lim[b] ? gross : lim[b]; t += (top - prev) * rate[b]; prev = lim[b]; }
  return t;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400000;
  double lim[NB], rate[NB], net = 0;
#ifdef HOIST
  brackets(lim, rate, 0.021);
#endif
  for (int e = 0; e < n; e++) {
    double gross = 20000.0 + (e * 7919 % 150000);
#ifndef HOIST
    brackets(lim, rate, 0.021);
#endif
    net += gross - tax(gross, lim, rate);
  }
  printf("employees %d total net pay %.2f\n", n, net);
  return 0;
}
