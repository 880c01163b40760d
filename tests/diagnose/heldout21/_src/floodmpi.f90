! Shallow-water wetting/drying on a 1-D strip of cells split into equal blocks over the ranks. Only
! wet cells are updated (a flux iteration per wet cell); the flood starts in the low-lying west end,
! which is rank 0's block. Every step ends with an MPI_Allreduce of the water volume (mass check).
program floodmpi
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, ncell, nloc, i, step, nsteps, k, nwet
  double precision, allocatable :: h(:), z(:)
  double precision :: vol, gvol, t0, tc, tr, t1, q
  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, nprocs, ierr)
  ncell = 160000
  nsteps = 30
  nloc = ncell / nprocs
  allocate(h(nloc), z(nloc))
  do i = 1, nloc
    z(i) = dble(rank * nloc + i) / dble(ncell)       ! terrain rises to the east
    h(i) = max(0d0, 0.45d0 - z(i))                    ! water only where terrain is low
  end do
  tc = 0; tr = 0; nwet = 0
  do step = 1, nsteps
    t0 = mpi_wtime()
    vol = 0
    do i = 1, nloc
      if (h(i) > 0d0) then
        q = h(i)
        do k = 1, 60
          q = q - 0.01d0 * (q * q * 0.5d0 - h(i) * z(i)) / (1d0 + q)
        end do
        h(i) = max(0d0, 0.999d0 * h(i) + 1d-6 * q)
        vol = vol + h(i)
        if (step == 1) nwet = nwet + 1
      end if
    end do
    t1 = mpi_wtime(); tc = tc + (t1 - t0)
    call mpi_allreduce(vol, gvol, 1, mpi_double_precision, mpi_sum, mpi_comm_world, ierr)
    tr = tr + (mpi_wtime() - t1)
  end do
  write(*,'(a,i2,a,i7,a,i7,a,f7.3,a,f7.3,a,es10.3)') 'rank ', rank, ' cells ', nloc, ' wet ', nwet, &
       ' compute_s ', tc, ' allreduce_s ', tr, ' volume ', gvol
  call mpi_finalize(ierr)
end program floodmpi
