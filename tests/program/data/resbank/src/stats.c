#include <math.h>
#include "bank.h"

double level_db(double v) { return v > 0 ? 20.0 * log10(v) : -999.0; }

/* seconds until the envelope falls drop_db below its peak */
double decay_time(const double *env, long n, double rate, double drop_db) {
  long ip = 0;
  for (long i = 1; i < n; i++) if (env[i] > env[ip]) ip = i;
  double lim = env[ip] * pow(10.0, -drop_db / 20.0);
  for (long i = ip; i < n; i++) if (env[i] < lim) return (i - ip) / rate;
  return (n - ip) / rate;
}
