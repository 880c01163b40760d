/* rnafold: the largest number of nested Watson-Crick pairs of a batch of transcripts
 * (Nussinov), with one optimal structure per transcript; results only.
 *
 * usage: rnafold [length=1800] [count=2] [gc=0.52] [seed=21]
 */
#include <stdio.h>
#include <stdlib.h>
#include "fold.h"
#include "seq.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1800;
    int count = argc > 2 ? atoi(argv[2]) : 2;
    double gc = argc > 3 ? atof(argv[3]) : 0.52;
    unsigned long seed = argc > 4 ? strtoul(argv[4], NULL, 10) : 21;

    char *dotbr = malloc((size_t)n + 1);
    for (int c = 0; c < count; c++) {
        base *s = seq_synthetic(n, gc, seed + 1000 * c);
        int *t = fold_table(s, n);
        fold_traceback(s, n, t, dotbr);
        int pairs = 0, depth = 0, maxdepth = 0, stems = 0;
        for (int i = 0; i < n; i++) {
            if (dotbr[i] == '(') {
                pairs++;
                if (++depth > maxdepth) maxdepth = depth;
                if (i == 0 || dotbr[i - 1] != '(') stems++;
            } else if (dotbr[i] == ')') {
                depth--;
            }
        }
        long checksum = 0;
        for (int i = 0; i < n; i++)
            for (int j = i; j < n; j++) checksum = (checksum * 31 + t[(size_t)i * n + j]) % 1000000007L;
        printf("transcript %d: length %d, max pairs %d (traceback %d), stems %d, nesting %d, "
               "table checksum %ld\n", c, n, t[n - 1], pairs, stems, maxdepth, checksum);
        printf("  5' ");
        for (int i = 0; i < 60 && i < n; i++) putchar(seq_letter(s[i]));
        printf("\n     %.60s\n", dotbr);
        free(t);
        free(s);
    }
    free(dotbr);
    return 0;
}
