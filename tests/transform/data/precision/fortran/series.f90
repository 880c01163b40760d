! the hot routine: two sums accumulated in quad precision
module series
  use kinds, only: dp, qp
  implicit none
contains
  subroutine accumulate(n, x, energy, zeta)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: energy, zeta
    real(qp) :: s, z, t
    integer :: i
    s = 0.0_qp
    z = 0.0_qp
    do i = 1, n
      t = real(x(i), qp)
      s = s + t * t * 0.5_qp ! HOT
      z = z + 1.0_qp / (real(i, qp) * real(i, qp))
    end do
    energy = real(s, dp)
    zeta = real(z, dp)
  end subroutine accumulate
end module series
