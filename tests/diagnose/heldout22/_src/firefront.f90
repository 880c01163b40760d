! Wildfire spread on a strip of land (Fortran, MPI).
! The strip is cut into equal blocks, one per rank. Only burning cells need the fuel/heat update, and
! the fire starts near the west edge, so it stays inside rank 0's block for the whole run; the other
! ranks loop over unburnt cells cheaply and then wait in MPI_Allreduce (the burnt area per step).
! Each rank prints its cells, burning cells, compute and allreduce seconds.
! usage: mpirun -np 2 firefront [cells] [steps]
program firefront
  use mpi
  implicit none
  integer :: ierr, rank, nranks, ncell, nsteps, nloc, i0, i, k, st, nburn
  double precision, allocatable :: fuel(:), heat(:)
  double precision :: area, total, t0, tcomp, tcomm, q
  character(len=32) :: arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  ncell = 200000; nsteps = 40
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) ncell
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) nsteps
  end if
  nloc = ncell / nranks
  i0 = rank * nloc
  allocate (fuel(nloc), heat(nloc))
  do i = 1, nloc
    fuel(i) = 1.0d0
    heat(i) = 0.0d0
    if (i0 + i < ncell / 3) heat(i) = 1.0d0   ! the fire line: the western third, all in rank 0's half
  end do
  tcomp = 0.0d0; tcomm = 0.0d0; nburn = 0
  do st = 1, nsteps
    t0 = MPI_Wtime()
    area = 0.0d0
    nburn = 0
    do i = 1, nloc
      if (heat(i) > 0.5d0) then
        nburn = nburn + 1
        q = heat(i)
        do k = 1, 150
          q = q + 0.01d0 * fuel(i) * (1.0d0 - 0.001d0 * k) - 0.005d0 * q
        end do
        fuel(i) = fuel(i) * 0.9999d0
        heat(i) = min(q, 2.0d0)
        area = area + 1.0d0
      else
        fuel(i) = fuel(i) + 1.0d-9
      end if
    end do
    tcomp = tcomp + (MPI_Wtime() - t0)
    t0 = MPI_Wtime()
    call MPI_Allreduce(area, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    tcomm = tcomm + (MPI_Wtime() - t0)
  end do
  write (*, '(a,i2,a,i8,a,i8,a,f8.3,a,f8.3,a,f10.0)') 'rank ', rank, ' cells ', nloc, ' burning ', nburn, &
       ' compute_s ', tcomp, ' allreduce_s ', tcomm, ' burnt_area ', total
  call MPI_Finalize(ierr)
end program firefront
