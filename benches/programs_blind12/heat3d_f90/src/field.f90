! kiln: the block's temperature field (a hot core in a block at PolyBench heat-3d's
! initial gradient), and the summary
module field
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains

  subroutine init_field(n, a, b)
    integer, intent(in) :: n
    real(dp), intent(out) :: a(n, n, n), b(n, n, n)
    integer :: i, j, k
    real(dp) :: x, y, z
    do k = 1, n
      do j = 1, n
        do i = 1, n
          ! the suite's A[i][j][k] = (i + j + (n - k)) * 10 / n (0-based), plus the core
          x = real(i - 1, dp) / real(n - 1, dp) - 0.4_dp
          y = real(j - 1, dp) / real(n - 1, dp) - 0.5_dp
          z = real(k - 1, dp) / real(n - 1, dp) - 0.55_dp
          a(i, j, k) = real((i - 1) + (j - 1) + (n - (k - 1)), dp) * 10.0_dp / real(n, dp) &
                     + 900.0_dp * exp(-40.0_dp * (x * x + y * y + z * z))
          b(i, j, k) = a(i, j, k)
        end do
      end do
    end do
  end subroutine init_field

  subroutine summarise(n, a)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n, n, n)
    integer :: i, k
    real(dp) :: total, hottest
    total = sum(a)
    hottest = maxval(a)
    write (*, '(a, es22.14)') 'checksum total heat  ', total
    write (*, '(a, es22.14)') 'checksum hottest cell', hottest
    do k = 1, n, max(1, n / 6)
      i = 1 + mod(7 * k, n)
      write (*, '(a, i4, a, i4, a, es22.14)') 'checksum cell i=', i, ' k=', k, ' ', &
        a(i, n / 2 + mod(k, 5), k)
    end do
  end subroutine summarise

end module field
