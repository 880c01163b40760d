! Ozone column advection update over 3 x 22 M doubles (530 MB): o3 = o3 + dt*(flux_w - flux_e),
! an OpenMP loop of 3 loads and 1 store per point, repeated nrep times. Prints threads, seconds and
! the effective bandwidth (32 bytes per point: three reads, one write).
program ozone
  use omp_lib
  implicit none
  integer, parameter :: n = 22000000
  integer :: nrep, i, r, nt
  double precision, allocatable :: o3(:), fw(:), fe(:)
  double precision :: t0, t1, dt
  character(len=16) :: arg
  nrep = 12
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) nrep
  end if
  allocate(o3(n), fw(n), fe(n))
  !$omp parallel do schedule(static)
  do i = 1, n
    o3(i) = 1d0; fw(i) = 1d-3 * mod(i, 7); fe(i) = 1d-3 * mod(i, 5)
  end do
  !$omp end parallel do
  dt = 0.01d0
  nt = omp_get_max_threads()
  t0 = omp_get_wtime()
  do r = 1, nrep
    !$omp parallel do schedule(static)
    do i = 1, n
      o3(i) = o3(i) + dt * (fw(i) - fe(i))
    end do
    !$omp end parallel do
  end do
  t1 = omp_get_wtime()
  write(*,'(a,i2,a,i3,a,f7.3,a,f6.2,a,f10.2)') 'threads ', nt, ' reps ', nrep, ' seconds ', t1 - t0, &
       ' GB/s ', 32d0 * n * nrep / (t1 - t0) / 1d9, ' check ', sum(o3(1:1000))
end program ozone
