/* Checks generated identifiers against a pattern, compiling the pattern (regcomp) again for
   every identifier instead of once. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    long ok = 0;
    char id[64];
    for (long i = 0; i < n; i++) {
        snprintf(id, sizeof id, "%s_%ld.v%ld", i % 3 ? "run" : "RUN", i, i % 17);
        regex_t re;
        if (regcomp(&re, "^[a-z]+_[0-9]+\\.v[0-9]{1,2}$", REG_EXTENDED | REG_NOSUB) != 0)
            return 1;
        ok += regexec(&re, id, 0, NULL, 0) == 0;
        regfree(&re);
    }
    printf("ids=%ld matching=%ld\n", n, ok);
    return 0;
}
