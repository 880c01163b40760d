/* gpslog.c: GNSS buoy track smoothing; each smoothed fix appended to the track file. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  long nf = argc > 1 ? atol(argv[1]) : 200000;
  const char *path = argc > 2 ? argv[2] : "track.csv";
  remove(path);
  double lat = 54.1, lon = 7.9, slat = lat, slon = lon, t0 = now(), tw = 0;
#ifdef ONCE
  FILE *f = fopen(path, "a");
#endif
  for (long i = 0; i < nf; i++) {
    lat += 1e-6 * sin(i * 0.01); lon += 1e-6 * cos(i * 0.013);
    slat = 0.9 * slat + 0.1 * lat; slon = 0.9 * slon + 0.1 * lon;
    double a = now();
#ifndef ONCE
    FILE *f = fopen(path, "a");
#endif
    fprintf(f, "%ld,%.7f,%.7f\n", i, slat, slon);
#ifndef ONCE
    fclose(f);
#endif
    tw += now() - a;
  }
#ifdef ONCE
  fclose(f);
#endif
  double dt = now() - t0;
  printf("fixes %ld  time %.3f s  writing %.3f s  %.2f us/fix  last %.6f %.6f\n", nf, dt, tw, dt * 1e6 / nf, slat, slon);
  return 0;
}
