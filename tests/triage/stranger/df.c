#include <stdlib.h>
#include <stdio.h>
int main(void){ double *p = malloc(64); printf("step 1 done\n"); fflush(stdout); free(p); free(p); return 0; }
