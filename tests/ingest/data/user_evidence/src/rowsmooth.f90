! Smooths every row of a column-major array through a routine taking an assumed-size vector:
! a(i, :) is strided, so gfortran copies it into a temporary and back at every call.
program rowsmooth
  implicit none
  integer, parameter :: n = 1500, m = 1500
  real(8), allocatable :: a(:, :)
  integer :: i, sweep
  real(8) :: t0, t1
  allocate(a(n, m))
  call random_number(a)
  call cpu_time(t0)
  do sweep = 1, 40
    do i = 1, n
      call smooth(a(i, :), m)
    end do
  end do
  call cpu_time(t1)
  print '(a, f8.3, a, es12.5)', 'time=', t1 - t0, ' s check=', sum(a)
end program rowsmooth

subroutine smooth(v, k)
  implicit none
  integer, intent(in) :: k
  real(8), intent(inout) :: v(k)
  integer :: j
  do j = 2, k - 1
    v(j) = 0.25d0 * v(j - 1) + 0.5d0 * v(j) + 0.25d0 * v(j + 1)
  end do
end subroutine smooth
