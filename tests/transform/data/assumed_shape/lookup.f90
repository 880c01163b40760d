module lookup
  implicit none
contains
  integer function bracket(vals, m, x) result(k)
    integer, intent(in) :: m
    real(8), intent(in) :: vals(m)
    real(8), intent(in) :: x
    integer :: lo, hi, mid
    lo = 1
    hi = m
    do while (hi - lo > 1)
      mid = (lo + hi) / 2
      if (vals(mid) > x) then
        hi = mid
      else
        lo = mid
      end if
    end do
    k = lo
  end function bracket
end module lookup
