! NPB's linear congruential generator (randdp.f: randlc, vranlc), a = 5^13, modulus 2^46,
! in double precision arithmetic as the suite does it
module randdp
  implicit none
  double precision, parameter :: r23 = 0.5d0**23, r46 = r23*r23, t23 = 2.0d0**23, &
       t46 = t23*t23
contains
  double precision function randlc(x, a)
    double precision, intent(inout) :: x
    double precision, intent(in) :: a
    double precision :: t1, t2, t3, t4, a1, a2, x1, x2, z
    t1 = r23 * a
    a1 = int(t1)
    a2 = a - t23 * a1
    t1 = r23 * x
    x1 = int(t1)
    x2 = x - t23 * x1
    t1 = a1 * x2 + a2 * x1
    t2 = int(r23 * t1)
    z = t1 - t23 * t2
    t3 = t23 * z + a2 * x2
    t4 = int(r46 * t3)
    x = t3 - t46 * t4
    randlc = r46 * x
  end function randlc

  subroutine vranlc(n, x, a, y)
    integer, intent(in) :: n
    double precision, intent(inout) :: x
    double precision, intent(in) :: a
    double precision, intent(out) :: y(n)
    integer :: i
    do i = 1, n
      y(i) = randlc(x, a)
    end do
  end subroutine vranlc
end module randdp
