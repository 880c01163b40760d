! Four of the 24 Livermore Fortran Kernels (McMahon's LFK), loops as in the suite
module lfk_kernels
  use lfk_data
  implicit none
contains

  ! kernel 1: hydro fragment
  subroutine kernel1(n)
    integer, intent(in) :: n
    integer :: k
    do k = 1, n
      x(k) = q + y(k) * (r * zx(k + 10) + t * zx(k + 11))
    end do
  end subroutine kernel1

  ! kernel 7: equation of state fragment
  subroutine kernel7(n)
    integer, intent(in) :: n
    integer :: k
    do k = 1, n
      x(k) = u(k) + r * (z(k) + r * y(k)) + &
             t * (u(k + 3) + r * (u(k + 2) + r * u(k + 1)) + &
             t * (u(k + 6) + q * (u(k + 5) + q * u(k + 4))))
    end do
  end subroutine kernel7

  ! kernel 12: first difference
  subroutine kernel12(n)
    integer, intent(in) :: n
    integer :: k
    do k = 1, n
      x(k) = y(k + 1) - y(k)
    end do
  end subroutine kernel12

  ! kernel 18: 2-D explicit hydrodynamics fragment (tt is the suite's T, a small step)
  subroutine kernel18(n, tt)
    integer, intent(in) :: n
    real(dp), intent(in) :: tt
    integer :: j, k
    do k = 2, kz - 1
      do j = 2, n
        za(j, k) = (zp(j - 1, k + 1) + zq(j - 1, k + 1) - zp(j - 1, k) - zq(j - 1, k)) &
                   * (zr(j, k) + zr(j - 1, k)) / (zm(j - 1, k) + zm(j - 1, k + 1))
        zb(j, k) = (zp(j - 1, k) + zq(j - 1, k) - zp(j, k) - zq(j, k)) &
                   * (zr(j, k) + zr(j, k - 1)) / (zm(j, k) + zm(j - 1, k))
      end do
    end do
    do k = 2, kz - 1
      do j = 2, n
        zu(j, k) = zu(j, k) + s * (za(j, k) * (zz(j, k) - zz(j + 1, k)) &
                   - za(j - 1, k) * (zz(j, k) - zz(j - 1, k)) &
                   - zb(j, k) * (zz(j, k) - zz(j, k - 1)) &
                   + zb(j, k + 1) * (zz(j, k) - zz(j, k + 1)))
        zv(j, k) = zv(j, k) + s * (za(j, k) * (zr(j, k) - zr(j + 1, k)) &
                   - za(j - 1, k) * (zr(j, k) - zr(j - 1, k)) &
                   - zb(j, k) * (zr(j, k) - zr(j, k - 1)) &
                   + zb(j, k + 1) * (zr(j, k) - zr(j, k + 1)))
      end do
    end do
    do k = 2, kz - 1
      do j = 2, n
        zr(j, k) = zr(j, k) + tt * zu(j, k)
        zz(j, k) = zz(j, k) + tt * zv(j, k)
      end do
    end do
  end subroutine kernel18

end module lfk_kernels
