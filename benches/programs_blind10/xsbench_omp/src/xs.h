#ifndef XS_H
#define XS_H
/* data layout of the ECP proxy application XSBench (nuclide grid mode): one energy grid
 * per nuclide, each point carrying the five microscopic cross sections */
typedef struct {
    double energy;
    double total_xs;
    double elastic_xs;
    double absorbtion_xs;
    double fission_xs;
    double nu_fission_xs;
} NuclideGridPoint;

typedef struct {
    long n_isotopes;
    long n_gridpoints;
    NuclideGridPoint *nuclide_grid;  /* n_isotopes x n_gridpoints, each row sorted */
    int n_mats;
    int *num_nucs;                   /* nuclides in each material */
    int *mats;                       /* n_mats x max_num_nucs nuclide indices */
    double *concs;                   /* n_mats x max_num_nucs number densities */
    int max_num_nucs;
} SimulationData;

/* counter-based random numbers: the i-th lookup draws from its own stream */
static inline unsigned long long splitmix64(unsigned long long *x)
{
    unsigned long long z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline double rn(unsigned long long *x)
{
    return (double)(splitmix64(x) >> 11) * (1.0 / 9007199254740992.0);
}

void grid_generate(SimulationData *sd, long n_isotopes, long n_gridpoints, unsigned long long seed);
void materials_load(SimulationData *sd, unsigned long long seed);
int pick_mat(unsigned long long *x);
void calculate_macro_xs(double p_energy, int mat, const SimulationData *sd, double *macro_xs);
#endif
