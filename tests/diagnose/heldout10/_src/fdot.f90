! Squared distance of two fields, sum((a-b)**2), with an OpenMP reduction: best of the repetitions,
! bandwidth counted as the 16 bytes read per element. Argument: number of elements (default 40 M).
program fdot
  use omp_lib
  implicit none
  integer :: n, nrep
  character(len=16) :: arg
  real(8), allocatable :: a(:), b(:)
  real(8) :: s, t0, t, best
  integer :: i, r
  n = 40000000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  nrep = max(10, int(400000000_8 / n))
  allocate(a(n), b(n))
!$omp parallel do schedule(static)
  do i = 1, n
    a(i) = 1.0d0 + mod(i, 17) * 0.25d0
    b(i) = 0.5d0 + mod(i, 13) * 0.125d0
  end do
!$omp end parallel do
  best = 1.0d30
  do r = 1, nrep
    t0 = omp_get_wtime()
    s = 0.0d0
!$omp parallel do schedule(static) reduction(+:s)
    do i = 1, n
      s = s + (a(i) - b(i))**2
    end do
!$omp end parallel do
    t = omp_get_wtime() - t0
    best = min(best, t)
  end do
  write(*,'(a,i0,a,i0,a,f9.1,a,f8.2,a,f8.3,a,es14.6)') 'threads=', omp_get_max_threads(), ' n=', n, &
       ' data_MB=', 16.0d0 * n / 1.0d6, ' best_bandwidth_GB/s=', 16.0d0 * n / best / 1.0d9, &
       ' ns_per_element=', 1.0d9 * best / n, ' sum=', s
end program fdot
