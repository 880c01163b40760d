/* Prints which build it is: a define the Makefile's CFLAGS carry, and one a patch adds. */
#include <stdio.h>

int main(void)
{
#ifdef FAST_PATH
    printf("build: fast steps %d\n", STEPS);
#else
    printf("build: plain steps %d\n", STEPS);
#endif
    return 0;
}
