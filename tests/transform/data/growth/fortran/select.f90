module select_mod
  implicit none
contains
  subroutine pick(n, kept)
    integer, intent(in) :: n
    real(8), allocatable, intent(out) :: kept(:)
    real(8), allocatable :: vals(:)
    integer :: i
    real(8) :: x

    allocate(vals(0))
    x = 0.5d0
    do i = 1, n
      x = mod(x * 3.7d0 + 0.13d0, 1.0d0)
      if (x > 0.25d0) then
        vals = [vals, x]
      end if
    end do
    kept = vals
  end subroutine pick
end module select_mod
