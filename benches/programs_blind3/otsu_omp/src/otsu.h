#ifndef OTSU_H
#define OTSU_H
/* Otsu's threshold of a histogram: the level maximising the between-class variance */
int otsu_threshold(const long *hist, int levels, double *separability);
#endif
