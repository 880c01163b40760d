! The level-1 BLAS of the LINPACK benchmark (linpackd: daxpy, ddot, dscal, idamax), unit
! stride paths unrolled as in the original, kept in the group's module.
module blas1
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains

  subroutine daxpy(n, da, dx, incx, dy, incy)
    integer, intent(in) :: n, incx, incy
    real(dp), intent(in) :: da, dx(*)
    real(dp), intent(inout) :: dy(*)
    integer :: i, ix, iy, m
    if (n <= 0) return
    if (da == 0.0_dp) return
    if (incx /= 1 .or. incy /= 1) then
      ix = 1
      iy = 1
      if (incx < 0) ix = (-n + 1) * incx + 1
      if (incy < 0) iy = (-n + 1) * incy + 1
      do i = 1, n
        dy(iy) = dy(iy) + da * dx(ix)
        ix = ix + incx
        iy = iy + incy
      end do
      return
    end if
    m = mod(n, 4)
    do i = 1, m
      dy(i) = dy(i) + da * dx(i)
    end do
    if (n < 4) return
    do i = m + 1, n, 4
      dy(i) = dy(i) + da * dx(i)
      dy(i + 1) = dy(i + 1) + da * dx(i + 1)
      dy(i + 2) = dy(i + 2) + da * dx(i + 2)
      dy(i + 3) = dy(i + 3) + da * dx(i + 3)
    end do
  end subroutine daxpy

  real(dp) function ddot(n, dx, incx, dy, incy)
    integer, intent(in) :: n, incx, incy
    real(dp), intent(in) :: dx(*), dy(*)
    integer :: i, ix, iy, m
    real(dp) :: dtemp
    ddot = 0.0_dp
    dtemp = 0.0_dp
    if (n <= 0) return
    if (incx /= 1 .or. incy /= 1) then
      ix = 1
      iy = 1
      if (incx < 0) ix = (-n + 1) * incx + 1
      if (incy < 0) iy = (-n + 1) * incy + 1
      do i = 1, n
        dtemp = dtemp + dx(ix) * dy(iy)
        ix = ix + incx
        iy = iy + incy
      end do
      ddot = dtemp
      return
    end if
    m = mod(n, 5)
    do i = 1, m
      dtemp = dtemp + dx(i) * dy(i)
    end do
    do i = m + 1, n, 5
      dtemp = dtemp + dx(i) * dy(i) + dx(i + 1) * dy(i + 1) + dx(i + 2) * dy(i + 2) &
            + dx(i + 3) * dy(i + 3) + dx(i + 4) * dy(i + 4)
    end do
    ddot = dtemp
  end function ddot

  subroutine dscal(n, da, dx, incx)
    integer, intent(in) :: n, incx
    real(dp), intent(in) :: da
    real(dp), intent(inout) :: dx(*)
    integer :: i, m, nincx
    if (n <= 0) return
    if (incx /= 1) then
      nincx = n * incx
      do i = 1, nincx, incx
        dx(i) = da * dx(i)
      end do
      return
    end if
    m = mod(n, 5)
    do i = 1, m
      dx(i) = da * dx(i)
    end do
    do i = m + 1, n, 5
      dx(i) = da * dx(i)
      dx(i + 1) = da * dx(i + 1)
      dx(i + 2) = da * dx(i + 2)
      dx(i + 3) = da * dx(i + 3)
      dx(i + 4) = da * dx(i + 4)
    end do
  end subroutine dscal

  integer function idamax(n, dx, incx)
    integer, intent(in) :: n, incx
    real(dp), intent(in) :: dx(*)
    integer :: i, ix
    real(dp) :: dmax
    idamax = 0
    if (n < 1) return
    idamax = 1
    if (n == 1) return
    if (incx /= 1) then
      ix = 1
      dmax = abs(dx(1))
      ix = ix + incx
      do i = 2, n
        if (abs(dx(ix)) > dmax) then
          idamax = i
          dmax = abs(dx(ix))
        end if
        ix = ix + incx
      end do
      return
    end if
    dmax = abs(dx(1))
    do i = 2, n
      if (abs(dx(i)) > dmax) then
        idamax = i
        dmax = abs(dx(i))
      end if
    end do
  end function idamax

end module blas1
