! The indices a score keeps, appended one at a time in a called module routine (GROW=1),
! or written into an array allocated once at the largest size (GROW=0).
module hits_mod
  implicit none
contains
  pure integer function score(i) result(s)
    integer, intent(in) :: i
    s = mod(i * 7919, 1009)
  end function score

  subroutine collect(n, lim, idx)
    integer, intent(in) :: n, lim
    integer, allocatable, intent(out) :: idx(:)
    integer :: i

    allocate(idx(0))
    do i = 1, n
      if (score(i) < lim) idx = [idx, i]
    end do
  end subroutine collect

  subroutine collect_fixed(n, lim, idx)
    integer, intent(in) :: n, lim
    integer, allocatable, intent(out) :: idx(:)
    integer, allocatable :: buf(:)
    integer :: i, k

    allocate(buf(n))
    k = 0
    do i = 1, n
      if (score(i) < lim) then
        k = k + 1
        buf(k) = i
      end if
    end do
    idx = buf(1:k)
  end subroutine collect_fixed
end module hits_mod
