! Pseudo-spectral wavefield step on MPI ranks: each step applies a cheap 1-D filter along x and
! then transposes the whole (nx, ny) double field with MPI_Alltoall to y-pencils, back, and to
! y-pencils again (three all-to-all exchanges of the full field per step).
! Prints per rank: filter seconds, transpose seconds, MB sent.
program seistrans
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, nloc, steps, s, i, j, p, k
  character(len=16) :: arg
  real(8), allocatable :: f(:,:), sbuf(:), rbuf(:)
  real(8) :: t0, t1, tf, tt, mb
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr); call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = 2048; steps = 20
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) steps; end if
  nloc = n / nprocs
  allocate(f(n, nloc), sbuf(n * nloc), rbuf(n * nloc))
  f = 1.0d0 + rank; tf = 0; tt = 0; mb = 0
  do s = 1, steps
    t0 = MPI_Wtime()
    do j = 1, nloc
      do i = 2, n
        f(i, j) = 0.999d0 * f(i, j) + 0.001d0 * f(i - 1, j)
      end do
    end do
    t1 = MPI_Wtime(); tf = tf + (t1 - t0)
    k = 0
    do p = 0, nprocs - 1
      do j = 1, nloc
        do i = p * nloc + 1, (p + 1) * nloc
          k = k + 1; sbuf(k) = f(i, j)
        end do
      end do
    end do
    call MPI_Alltoall(sbuf, nloc * nloc, MPI_DOUBLE_PRECISION, rbuf, nloc * nloc, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
    call MPI_Alltoall(rbuf, nloc * nloc, MPI_DOUBLE_PRECISION, sbuf, nloc * nloc, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
    call MPI_Alltoall(sbuf, nloc * nloc, MPI_DOUBLE_PRECISION, rbuf, nloc * nloc, MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
    k = 0
    do p = 0, nprocs - 1
      do j = 1, nloc
        do i = p * nloc + 1, (p + 1) * nloc
          k = k + 1; f(i, j) = rbuf(k)
        end do
      end do
    end do
    tt = tt + (MPI_Wtime() - t1); mb = mb + 3 * 8.0d0 * n * nloc / 1.0d6
  end do
  do p = 0, nprocs - 1
    if (p == rank) write(*, '(a,i2,a,f8.3,a,f8.3,a,f9.1)') 'rank ', rank, ' filter_s=', tf, ' transpose_s=', tt, ' MB_sent=', mb
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  call MPI_Finalize(ierr)
end program seistrans
