/* Records with a Unix time each; every record's timestamp is formatted with localtime() +
 * strftime() (TZ unset: glibc checks /etc/localtime at every call). argv[1] = "once" is the
 * fixed variant (the zone offset looked up once, the hour computed from it): the look-alike
 * whose remaining per-record work (the checksum over the fields) is the job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int once = argc > 1 && strcmp(argv[1], "once") == 0;
    long n = argc > 2 ? atol(argv[2]) : 400000;
    time_t t0 = 1700000000;
    long sum = 0;
    char buf[64];
    struct tm base;
    localtime_r(&t0, &base);
    long off = base.tm_gmtoff;
    for (long i = 0; i < n; i++) {
        time_t t = t0 + i * 37;
        if (once) {
            long local = (long)t + off;
            long hour = (local / 3600) % 24;
            /* the job: a field checksum over the record */
            for (int k = 0; k < 40; k++) sum += (hour * 31 + k * i) % 97;
        } else {
            struct tm *tm = localtime(&t);
            strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", tm);
            sum += buf[11] + buf[12];
        }
    }
    printf("records=%ld checksum=%ld\n", n, sum);
    return 0;
}
