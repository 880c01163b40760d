#include <stdlib.h>
#include "output.h"

FILE *output_open(const char *path, const char *title)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "# %s\n", title);
    return f;
}

void output_close(FILE *f)
{
    if (fclose(f) != 0) {
        perror("output");
        exit(1);
    }
}
