#ifndef TALLY_H
#define TALLY_H

/* what the photons score */
typedef struct {
    double reflected;    /* weight leaving through the top */
    double transmitted;  /* weight leaving through the bottom */
    double absorbed;     /* weight absorbed in the slab */
    double path;         /* total optical path travelled */
    long collisions;
} tally_t;

typedef struct {
    int nbins;
    double *deposit;     /* absorbed weight per depth bin */
} depth_profile_t;

depth_profile_t profile_new(int nbins);
void profile_free(depth_profile_t *p);
void tally_add(tally_t *into, const tally_t *t);
void profile_add(depth_profile_t *into, const depth_profile_t *p);

#endif
