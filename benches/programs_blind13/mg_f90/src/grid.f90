! poisson3d: the grid (with one ghost layer each side, as NAS MG keeps it), the source
! term (+1 / -1 charges at random points, as MG's zran3 places them), the norms
module grid
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains

  ! NPB's randlc: the linear congruential generator x(k+1) = a x(k) mod 2^46
  function randlc(x, a) result(r)
    real(dp), intent(inout) :: x
    real(dp), intent(in) :: a
    real(dp) :: r
    real(dp), parameter :: r23 = 0.5_dp**23, r46 = r23 * r23
    real(dp), parameter :: t23 = 2.0_dp**23, t46 = t23 * t23
    real(dp) :: t1, t2, t3, t4, a1, a2, x1, x2, z
    t1 = r23 * a
    a1 = aint(t1)
    a2 = a - t23 * a1
    t1 = r23 * x
    x1 = aint(t1)
    x2 = x - t23 * x1
    t1 = a1 * x2 + a2 * x1
    t2 = aint(r23 * t1)
    z = t1 - t23 * t2
    t3 = t23 * z + a2 * x2
    t4 = aint(r46 * t3)
    x = t3 - t46 * t4
    r = r46 * x
  end function randlc

  ! v: zero, then +1 at the ncharge largest and -1 at the ncharge smallest of a random
  ! field (MG's zran3, on one process); the ghost layers by periodicity
  subroutine make_source(v, n, ncharge)
    integer, intent(in) :: n, ncharge
    real(dp), intent(out) :: v(0:n+1, 0:n+1, 0:n+1)
    real(dp) :: x, z, big(ncharge), small(ncharge)
    integer :: ib(3, ncharge), is(3, ncharge), i1, i2, i3, m
    real(dp), parameter :: a = 5.0_dp**13
    x = 314159265.0_dp
    big = -1.0_dp
    small = 2.0_dp
    ib = 1
    is = 1
    do i3 = 1, n
      do i2 = 1, n
        do i1 = 1, n
          z = randlc(x, a)
          m = minloc(big, 1)
          if (z > big(m)) then
            big(m) = z
            ib(:, m) = [i1, i2, i3]
          end if
          m = maxloc(small, 1)
          if (z < small(m)) then
            small(m) = z
            is(:, m) = [i1, i2, i3]
          end if
        end do
      end do
    end do
    v = 0.0_dp
    do m = 1, ncharge
      v(ib(1, m), ib(2, m), ib(3, m)) = 1.0_dp
      v(is(1, m), is(2, m), is(3, m)) = -1.0_dp
    end do
    call comm3(v, n)
  end subroutine make_source

  ! periodic ghost layers (MG's comm3 on one process)
  subroutine comm3(u, n)
    integer, intent(in) :: n
    real(dp), intent(inout) :: u(0:n+1, 0:n+1, 0:n+1)
    integer :: i1, i2, i3
    do i3 = 1, n
      do i2 = 1, n
        u(0, i2, i3) = u(n, i2, i3)
        u(n+1, i2, i3) = u(1, i2, i3)
      end do
    end do
    do i3 = 1, n
      do i1 = 0, n+1
        u(i1, 0, i3) = u(i1, n, i3)
        u(i1, n+1, i3) = u(i1, 1, i3)
      end do
    end do
    do i2 = 0, n+1
      do i1 = 0, n+1
        u(i1, i2, 0) = u(i1, i2, n)
        u(i1, i2, n+1) = u(i1, i2, 1)
      end do
    end do
  end subroutine comm3

  ! MG's norm2u3: the L2 norm (per point) and the largest magnitude of the interior
  subroutine norm2u3(r, n, rnm2, rnmu)
    integer, intent(in) :: n
    real(dp), intent(in) :: r(0:n+1, 0:n+1, 0:n+1)
    real(dp), intent(out) :: rnm2, rnmu
    real(dp) :: s
    integer :: i1, i2, i3
    s = 0.0_dp
    rnmu = 0.0_dp
    do i3 = 1, n
      do i2 = 1, n
        do i1 = 1, n
          s = s + r(i1, i2, i3)**2
          rnmu = max(rnmu, abs(r(i1, i2, i3)))
        end do
      end do
    end do
    rnm2 = sqrt(s / real(n, dp)**3)
  end subroutine norm2u3
end module grid
