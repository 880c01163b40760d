/* miniBUDE's fasten_main (the OpenMP CPU version's kernel, its pragmas not used): for
 * PPWI poses at a time, the ligand atoms transformed into each pose, then every
 * ligand-protein atom pair's steric, electrostatic and desolvation energy summed per
 * pose. */
#include <math.h>
#include <float.h>
#include "bude.h"

void fasten_main(int natlig, int natpro, const Atom *protein, const Atom *ligand,
                 float *const *poses, float *energies, const FFParams *forcefield,
                 int group)
{
    float transform[3][4][PPWI];
    float etot[PPWI];

    for (int i = 0; i < PPWI; i++) {
        int ix = group * PPWI + i;

        /* compute transformation matrix */
        const float sx = sinf(poses[0][ix]);
        const float cx = cosf(poses[0][ix]);
        const float sy = sinf(poses[1][ix]);
        const float cy = cosf(poses[1][ix]);
        const float sz = sinf(poses[2][ix]);
        const float cz = cosf(poses[2][ix]);

        transform[0][0][i] = cy * cz;
        transform[0][1][i] = sx * sy * cz - cx * sz;
        transform[0][2][i] = cx * sy * cz + sx * sz;
        transform[0][3][i] = poses[3][ix];
        transform[1][0][i] = cy * sz;
        transform[1][1][i] = sx * sy * sz + cx * cz;
        transform[1][2][i] = cx * sy * sz - sx * cz;
        transform[1][3][i] = poses[4][ix];
        transform[2][0][i] = -sy;
        transform[2][1][i] = sx * cy;
        transform[2][2][i] = cx * cy;
        transform[2][3][i] = poses[5][ix];

        etot[i] = ZERO;
    }

    /* loop over ligand atoms */
    for (int il = 0; il < natlig; il++) {
        const Atom l_atom = ligand[il];
        const FFParams l_params = forcefield[l_atom.type];
        const int lhphb_ltz = l_params.hphb < ZERO;
        const int lhphb_gtz = l_params.hphb > ZERO;

        float lpos_x[PPWI], lpos_y[PPWI], lpos_z[PPWI];
        for (int l = 0; l < PPWI; l++) {
            /* transform ligand atom */
            lpos_x[l] = transform[0][3][l] + l_atom.x * transform[0][0][l] +
                        l_atom.y * transform[0][1][l] + l_atom.z * transform[0][2][l];
            lpos_y[l] = transform[1][3][l] + l_atom.x * transform[1][0][l] +
                        l_atom.y * transform[1][1][l] + l_atom.z * transform[1][2][l];
            lpos_z[l] = transform[2][3][l] + l_atom.x * transform[2][0][l] +
                        l_atom.y * transform[2][1][l] + l_atom.z * transform[2][2][l];
        }

        /* loop over protein atoms */
        for (int ip = 0; ip < natpro; ip++) {
            const Atom p_atom = protein[ip];
            const FFParams p_params = forcefield[p_atom.type];

            const float radij = p_params.radius + l_params.radius;
            const float r_radij = ONE / radij;

            const float elcdst =
                (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? FOUR : TWO;
            const float elcdst1 =
                (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? QUARTER : HALF;
            const int type_E = (p_params.hbtype == HBTYPE_E || l_params.hbtype == HBTYPE_E);

            const int phphb_ltz = p_params.hphb < ZERO;
            const int phphb_gtz = p_params.hphb > ZERO;
            const int phphb_nz = p_params.hphb != ZERO;
            const float p_hphb = p_params.hphb * (phphb_ltz && lhphb_gtz ? -ONE : ONE);
            const float l_hphb = l_params.hphb * (phphb_gtz && lhphb_ltz ? -ONE : ONE);
            const float distdslv =
                (phphb_ltz ? (lhphb_ltz ? NPNPDIST : NPPDIST)
                           : (lhphb_ltz ? NPPDIST : -FLT_MAX));
            const float r_distdslv = ONE / distdslv;

            const float chrg_init = l_params.elsc * p_params.elsc;
            const float dslv_init = p_hphb + l_hphb;

            for (int l = 0; l < PPWI; l++) {
                /* calculate distance between atoms */
                const float x = lpos_x[l] - p_atom.x;
                const float y = lpos_y[l] - p_atom.y;
                const float z = lpos_z[l] - p_atom.z;
                const float distij = sqrtf(x * x + y * y + z * z);

                /* calculate the sum of the sphere radii */
                const float distbb = distij - radij;
                const int zone1 = (distbb < ZERO);

                /* calculate steric energy */
                etot[l] += (ONE - (distij * r_radij)) * (zone1 ? TWO * HARDNESS : ZERO);

                /* calculate formal and dipole charge interactions */
                float chrg_e = chrg_init * ((zone1 ? ONE : (ONE - distbb * elcdst1)) *
                                            (distbb < elcdst ? ONE : ZERO));
                const float neg_chrg_e = -fabsf(chrg_e);
                chrg_e = type_E ? neg_chrg_e : chrg_e;
                etot[l] += chrg_e * CNSTNT;

                /* calculate the two cases for nonpolar-polar repulsive interactions */
                const float coeff = (ONE - (distbb * r_distdslv));
                float dslv_e = dslv_init * ((distbb < distdslv && phphb_nz) ? ONE : ZERO);
                dslv_e *= (zone1 ? ONE : coeff);
                etot[l] += dslv_e;
            }
        }
    }

    /* write results */
    for (int l = 0; l < PPWI; l++)
        energies[group * PPWI + l] = etot[l] * HALF;
}
