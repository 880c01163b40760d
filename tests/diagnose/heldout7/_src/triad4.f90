! Four-stream update a = b + s*c + d with OpenMP, best of 10; prints bandwidth like STREAM.
program triad4
  use omp_lib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: n, i, k, nthr
  real(dp), allocatable :: a(:), b(:), c(:), d(:)
  real(dp) :: s, t0, t, best, gbs
  character(len=32) :: arg
  n = 20000000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) n
  end if
  allocate(a(n), b(n), c(n), d(n))
  s = 0.5_dp
  !$omp parallel do
  do i = 1, n
    a(i) = 0; b(i) = 1; c(i) = 2; d(i) = 3
  end do
  !$omp end parallel do
  nthr = omp_get_max_threads()
  best = huge(1.0_dp)
  do k = 1, 10
    t0 = omp_get_wtime()
    !$omp parallel do
    do i = 1, n
      a(i) = b(i) + s * c(i) + d(i)
    end do
    !$omp end parallel do
    t = omp_get_wtime() - t0
    best = min(best, t)
    b(1 + mod(k, n)) = a(k)
  end do
  gbs = 4.0_dp * 8.0_dp * n / best / 1.0e9_dp
  write(*, '(a,i0,a,i0)') ' four-stream update  n= ', n, '  threads= ', nthr
  write(*, '(a,f8.4,a)') ' best time   ', best, ' s'
  write(*, '(a,f8.2,a)') ' bandwidth   ', gbs, ' GB/s'
  write(*, '(a,es12.5)') ' check       ', sum(a(1:1000))
end program triad4
