/* two ranks trading one 16-byte record per item, item by item: many tiny messages. Style 0
   prints "sent N messages of 16 B ...", style 1 "messages N bytes N ..." */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int items = argc > 1 ? atoi(argv[1]) : 20000;
    int steps = argc > 2 ? atoi(argv[2]) : 10;
    int style = argc > 3 ? atoi(argv[3]) : 0;
    double rec[2] = {rank, 0.0}, in[2], acc = 0.0, tu = 0.0, tx = 0.0;
    long sent = 0;
    int peer = 1 - rank;
    for (int s = 0; s < steps; s++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < items; i++) acc += 1e-6 * (i % 13);
        double t1 = MPI_Wtime();
        for (int i = 0; i < items; i++) {
            rec[1] = acc + i;
            MPI_Sendrecv(rec, 2, MPI_DOUBLE, peer, 0, in, 2, MPI_DOUBLE, peer, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sent++;
        }
        tx += MPI_Wtime() - t1;
        tu += t1 - t0;
    }
    if (style == 0)
        printf("rank %d: items %d  sent %ld messages of 16 B  update %.3f s  exchange %.3f s\n",
               rank, items, sent, tu, tx);
    else
        printf("rank %2d: items %6d messages %8ld bytes %9ld update %7.3f s exchange %7.3f s\n",
               rank, items, sent, 16 * sent, tu, tx);
    MPI_Finalize();
    return 0;
}
