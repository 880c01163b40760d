#include "trap.h"

void trap_default(Trap *t)
{
    t->bz = 1.0;
    t->kz = 0.18;      /* below the stability limit bz^2 / 2 */
    t->r_wall = 2.2;
    t->z_cap = 3.0;
}
