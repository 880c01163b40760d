! rows of an assumed-shape array handed to an explicit-shape routine: the runtime packs a
! contiguous copy of each (strided) row at every call and unpacks it after
module rowk
contains
  subroutine relax_row(r, m)
    integer, intent(in) :: m
    real(8), intent(inout) :: r(m)
    integer :: j
    do j = 2, m - 1
       r(j) = 0.5d0 * r(j) + 0.25d0 * (r(j - 1) + r(j + 1))
    end do
  end subroutine relax_row
  subroutine sweep(a)
    real(8), intent(inout) :: a(:, :)
    integer :: i
    do i = 1, size(a, 1)
       call relax_row(a(i, :), size(a, 2))
    end do
  end subroutine sweep
end module rowk
program packrow
  use rowk
  implicit none
  integer, parameter :: m = 1200
  real(8), allocatable :: a(:, :)
  integer :: it
  allocate(a(m, m))
  a = 1d0
  a(1, :) = 0d0
  do it = 1, 12
     call sweep(a)
  end do
  print '(A,F14.6)', 'a(m/2,m/2)=', a(m / 2, m / 2)
end program packrow
