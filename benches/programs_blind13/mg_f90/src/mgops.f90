! The NAS MG (NPB 3.x, mg.f) fine-grid operators as the suite writes them: resid
! (r = v - A u, the 27-point Laplacian with coefficients a) and psinv (the smoother
! u = u + C r, coefficients c), each with its two line buffers of partial sums
module mgops
  use grid, only: dp, comm3
  implicit none
contains

  subroutine resid(u, v, r, n, a)
    integer, intent(in) :: n
    real(dp), intent(in) :: u(0:n+1, 0:n+1, 0:n+1), v(0:n+1, 0:n+1, 0:n+1), a(0:3)
    real(dp), intent(out) :: r(0:n+1, 0:n+1, 0:n+1)
    real(dp) :: u1(0:n+1), u2(0:n+1)
    integer :: i1, i2, i3
    do i3 = 1, n
      do i2 = 1, n
        do i1 = 0, n+1
          u1(i1) = u(i1, i2-1, i3) + u(i1, i2+1, i3) &
                 + u(i1, i2, i3-1) + u(i1, i2, i3+1)
          u2(i1) = u(i1, i2-1, i3-1) + u(i1, i2+1, i3-1) &
                 + u(i1, i2-1, i3+1) + u(i1, i2+1, i3+1)
        end do
        do i1 = 1, n
          r(i1, i2, i3) = v(i1, i2, i3) &
                        - a(0) * u(i1, i2, i3) &
                        - a(2) * (u2(i1) + u1(i1-1) + u1(i1+1)) &
                        - a(3) * (u2(i1-1) + u2(i1+1))
        end do
      end do
    end do
    call comm3(r, n)
  end subroutine resid

  subroutine psinv(r, u, n, c)
    integer, intent(in) :: n
    real(dp), intent(in) :: r(0:n+1, 0:n+1, 0:n+1), c(0:3)
    real(dp), intent(inout) :: u(0:n+1, 0:n+1, 0:n+1)
    real(dp) :: r1(0:n+1), r2(0:n+1)
    integer :: i1, i2, i3
    do i3 = 1, n
      do i2 = 1, n
        do i1 = 0, n+1
          r1(i1) = r(i1, i2-1, i3) + r(i1, i2+1, i3) &
                 + r(i1, i2, i3-1) + r(i1, i2, i3+1)
          r2(i1) = r(i1, i2-1, i3-1) + r(i1, i2+1, i3-1) &
                 + r(i1, i2-1, i3+1) + r(i1, i2+1, i3+1)
        end do
        do i1 = 1, n
          u(i1, i2, i3) = u(i1, i2, i3) &
                        + c(0) * r(i1, i2, i3) &
                        + c(1) * (r(i1-1, i2, i3) + r(i1+1, i2, i3) + r1(i1)) &
                        + c(2) * (r2(i1) + r1(i1-1) + r1(i1+1))
        end do
      end do
    end do
    call comm3(u, n)
  end subroutine psinv
end module mgops
