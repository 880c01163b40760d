! STREAM-like triad in Fortran with OpenMP: prints a STREAM-shaped table in MB/s
program triad
  use omp_lib
  implicit none
  integer, parameter :: n = 20000000, ntimes = 8
  real(8), allocatable :: a(:), b(:), c(:)
  real(8) :: t, best, q
  integer :: i, k
  allocate(a(n), b(n), c(n))
  !$omp parallel do
  do i = 1, n
    a(i) = 0.0d0; b(i) = 1.0d0; c(i) = 2.0d0
  end do
  best = 1.0d30; q = 3.0d0
  do k = 1, ntimes
    t = omp_get_wtime()
    !$omp parallel do
    do i = 1, n
      a(i) = b(i) + q * c(i)
    end do
    t = omp_get_wtime() - t
    best = min(best, t)
  end do
  write(*,'(A)') 'Function    Best Rate MB/s  Min time'
  write(*,'(A,F14.1,F12.6)') 'Triad:   ', 3.0d0 * 8.0d0 * n / best / 1.0d6, best
  write(*,'(A,F10.3)') 'check ', a(n)
end program
