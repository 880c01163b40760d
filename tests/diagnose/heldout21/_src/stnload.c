/* Weather-station catalogue loader: parses N station lines ("id lat lon elev") from an in-memory
 * text buffer, skips duplicates (same coordinates) and stores the cos(latitude) of each kept station.
 * read_stations() holds the whole load; the duplicate check is a linear search of every station kept
 * so far (station_known), so the load does one compare per pair of stations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { long id; double lat, lon, elev, coslat; } station;

static long compares;

__attribute__((noinline)) static double station_coslat(double latdeg) { return cos(latdeg * M_PI / 180.0); }

__attribute__((noinline)) static int station_known(const station *s, long n, double lat, double lon)
{
    for (long k = 0; k < n; k++) {
        compares++;
        if (s[k].lat == lat && s[k].lon == lon)
            return 1;
    }
    return 0;
}

static char *make_text(long n)
{
    char *t = malloc((size_t)n * 48 + 1), *p = t;
    unsigned long x = 12345;
    for (long i = 0; i < n; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        long j = (i % 50 == 49) ? i - 7 : i; /* 2% repeated stations */
        double lat = -60.0 + (double)(j % 10000) * 0.012;
        double lon = -180.0 + (double)(j / 10000) * 0.37;
        p += sprintf(p, "%ld %.2f %.2f %.1f\n", 100000 + i, lat, lon, (double)(x >> 54));
    }
    return t;
}

static long read_stations(const char *text, station *out)
{
    long n = 0;
    const char *p = text;
    while (*p) {
        char *e;
        long id = strtol(p, &e, 10);
        double lat = strtod(e, &e), lon = strtod(e, &e), elev = strtod(e, &e);
        p = e + 1;
        if (station_known(out, n, lat, lon))
            continue;
        out[n] = (station){id, lat, lon, elev, station_coslat(lat)};
        n++;
    }
    return n;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    char *text = make_text(n);
    station *st = malloc((size_t)n * sizeof *st);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long kept = read_stations(text, st);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = 0;
    for (long i = 0; i < kept; i++) s += st[i].coslat;
    printf("stations %ld kept %ld compares %ld load_s %.3f (check %.3f)\n", n, kept, compares,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), s);
    free(st); free(text);
    return 0;
}
