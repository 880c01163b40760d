module dataset
  use params
  implicit none
contains
  ! after PolyBench/C 4.2 correlation init_array ((i*j)/M + i), made less collinear:
  ! i the record, j the station
  subroutine init_array(m, n, float_n, data)
    integer, intent(in) :: m, n
    real(dp), intent(out) :: float_n
    real(dp), intent(out) :: data(n, m)
    integer :: i, j
    float_n = real(n, dp)
    do j = 1, m
      do i = 1, n
        data(i, j) = real(mod((i - 1) * (j - 1), 1013), dp) / 1013.0_dp + real(i - 1, dp) / n &
                     + 0.25_dp * sin(0.37_dp * (i - 1) + 0.11_dp * (j - 1) * (j - 1))
      end do
    end do
  end subroutine init_array
end module dataset
