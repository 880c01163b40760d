module blas
  implicit none
contains
  subroutine daxpy(n, da, dx, incx, dy, incy)
    integer, intent(in) :: n, incx, incy
    double precision, intent(in) :: da, dx(*)
    double precision, intent(inout) :: dy(*)
    integer :: i
    do i = 1, n
      dy(i) = dy(i) + da * dx(i)
    end do
  end subroutine daxpy
  subroutine dscal(n, da, dx, incx)
    integer, intent(in) :: n, incx
    double precision, intent(in) :: da
    double precision, intent(inout) :: dx(*)
    integer :: i
    do i = 1, n
      dx(i) = da * dx(i)
    end do
  end subroutine dscal
  integer function idamax(n, dx, incx)
    integer, intent(in) :: n, incx
    double precision, intent(in) :: dx(*)
    integer :: i
    idamax = 1
    do i = 2, n
      if (abs(dx(i)) > abs(dx(idamax))) idamax = i
    end do
  end function idamax
end module blas
