! serial setup (a recurrence: each value depends on the previous) dominates;
! only the short smoothing pass is OpenMP-parallel
program serialinit
  use omp_lib
  implicit none
  integer, parameter :: n = 4000000
  integer :: i, rep
  real(8), allocatable :: a(:), b(:)
  real(8) :: t0, t1, t2, s
  allocate(a(n), b(n))
  t0 = omp_get_wtime()
  a(1) = 0.5d0
  do rep = 1, 14
    do i = 2, n
      a(i) = mod(a(i-1) * 3.7d0 + 0.1d0, 1.0d0)
    end do
  end do
  t1 = omp_get_wtime()
  !$omp parallel do
  do i = 2, n - 1
    b(i) = (a(i-1) + a(i) + a(i+1)) / 3.0d0
  end do
  !$omp end parallel do
  t2 = omp_get_wtime()
  s = sum(b(2:n-1))
  write(*, '(A,F8.3,A)') ' setup ............ ', t1 - t0, ' sec'
  write(0, '(A,F8.3,A)') ' smooth (parallel)  ', t2 - t1, ' sec'
  write(*, '(A,I2,A,F12.4)') ' threads=', omp_get_max_threads(), ' checksum=', s
end program
