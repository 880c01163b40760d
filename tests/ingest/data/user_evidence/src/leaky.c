/* Two memcheck errors on purpose: a read past a heap block and a block never freed. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *a = malloc(10 * sizeof *a);
    for (int i = 0; i < 10; ++i) a[i] = i;
    int past = a[10];                 /* invalid read of size 4 */
    double *lost = malloc(4096);      /* definitely lost */
    lost[0] = past;
    printf("sum %d\n", a[3] + (int)lost[0] * 0);
    free(a);
    return 0;
}
