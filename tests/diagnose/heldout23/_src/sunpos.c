/* sunpos.c: plane-of-array irradiance of a solar farm's panels over a year of 10-minute steps. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#define NP 150
static double nx[NP], ny[NP], nz[NP];
int main(int argc, char **argv) {
  int nt = argc > 1 ? atoi(argv[1]) : 52560;
  const double lat = 0.6632, pi = 3.141592653589793;
  for (int p = 0; p < NP; p++) { double tl = 0.3 + 1e-3 * p, az = pi + 0.001 * p; nx[p] = sin(tl) * sin(az); ny[p] = sin(tl) * cos(az); nz[p] = cos(tl); }
  double t0 = now(), energy = 0;
  for (int t = 0; t < nt; t++) {
    double day = t / 144.0, hour = (t % 144) / 6.0;
#ifdef HOIST
    double decl = 0.4093 * sin(2 * pi * (284 + day) / 365), ha = (hour - 12) * pi / 12;
    double el = asin(sin(lat) * sin(decl) + cos(lat) * cos(decl) * cos(ha));
    double az = atan2(sin(ha), cos(ha) * sin(lat) - tan(decl) * cos(lat));
    double sx = cos(el) * sin(az), sy = cos(el) * cos(az), sz = sin(el);
#endif
    for (int p = 0; p < NP; p++) {
#ifndef HOIST
      double decl = 0.4093 * sin(2 * pi * (284 + day) / 365), ha = (hour - 12) * pi / 12;
      double el = asin(sin(lat) * sin(decl) + cos(lat) * cos(decl) * cos(ha));
      double az = atan2(sin(ha), cos(ha) * sin(lat) - tan(decl) * cos(lat));
      double sx = cos(el) * sin(az), sy = cos(el) * cos(az), sz = sin(el);
#endif
      double c = nx[p] * sx + ny[p] * sy + nz[p] * sz;
      if (sz > 0 && c > 0) energy += 1000.0 * c / 6.0;
    }
  }
  double dt = now() - t0;
  printf("panels %d steps %d  time %.3f s  %.1f ns/panel-step  energy %.6e Wh\n", NP, nt, dt, dt * 1e9 / ((double)NP * nt), energy);
  return 0;
}
