/* dockscan: the miniBUDE (Bristol University Docking Engine mini-app) energy kernel,
 * "fasten", in a screening project. Its data as the mini-app holds it: atoms and
 * force-field entries as arrays of structs, the poses as six float arrays. */
#ifndef BUDE_H
#define BUDE_H

#ifndef PPWI
#define PPWI 4          /* poses per work item: the kernel's inner dimension */
#endif

#define ZERO    0.0f
#define QUARTER 0.25f
#define HALF    0.5f
#define ONE     1.0f
#define TWO     2.0f
#define FOUR    4.0f
#define CNSTNT  45.0f

#define HBTYPE_F 70
#define HBTYPE_E 69

#define HARDNESS 38.0f
#define NPNPDIST 5.5f
#define NPPDIST  1.0f

typedef struct {
    float x, y, z;
    int type;
} Atom;

typedef struct {
    int hbtype;
    float radius;
    float hphb;
    float elsc;
} FFParams;

typedef struct {
    int natlig, natpro, ntypes, nposes;
    Atom *ligand;
    Atom *protein;
    FFParams *forcefield;
    float *poses[6];    /* rotations about x, y, z, then translations */
} Deck;

int make_deck(Deck *d, int natlig, int natpro, int nposes, unsigned seed);
void free_deck(Deck *d);

void fasten_main(int natlig, int natpro, const Atom *protein, const Atom *ligand,
                 float *const *poses, float *energies, const FFParams *forcefield,
                 int group);

#endif
