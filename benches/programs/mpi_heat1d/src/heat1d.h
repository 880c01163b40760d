void halo(double *u, int nloc, int rank, int size);
void update(const double *u, double *v, int nloc, double nu);
