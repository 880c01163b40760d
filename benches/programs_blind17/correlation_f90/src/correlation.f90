module correlation
  use params
  implicit none
contains
  ! PolyBench/C 4.2 kernel_correlation, its loops kept: means, standard deviations,
  ! centring and scaling, then the upper triangle of the correlation matrix
  subroutine kernel_correlation(m, n, float_n, data, corr, mean, stddev)
    integer, intent(in) :: m, n
    real(dp), intent(in) :: float_n
    real(dp), intent(inout) :: data(n, m)
    real(dp), intent(out) :: corr(m, m), mean(m), stddev(m)
    real(dp), parameter :: eps = 0.1_dp
    integer :: i, j, k

    do j = 1, m
      mean(j) = 0.0_dp
      do i = 1, n
        mean(j) = mean(j) + data(i, j)
      end do
      mean(j) = mean(j) / float_n
    end do

    do j = 1, m
      stddev(j) = 0.0_dp
      do i = 1, n
        stddev(j) = stddev(j) + (data(i, j) - mean(j)) * (data(i, j) - mean(j))
      end do
      stddev(j) = stddev(j) / float_n
      stddev(j) = sqrt(stddev(j))
      if (stddev(j) <= eps) stddev(j) = 1.0_dp
    end do

    do i = 1, n
      do j = 1, m
        data(i, j) = data(i, j) - mean(j)
        data(i, j) = data(i, j) / (sqrt(float_n) * stddev(j))
      end do
    end do

    do i = 1, m - 1
      corr(i, i) = 1.0_dp
      do j = i + 1, m
        corr(i, j) = 0.0_dp
        do k = 1, n
          corr(i, j) = corr(i, j) + data(k, i) * data(k, j)
        end do
        corr(j, i) = corr(i, j)
      end do
    end do
    corr(m, m) = 1.0_dp
  end subroutine kernel_correlation
end module correlation
