! A loop that does only arithmetic: hot when the program is run in mode 2, where the append
! of hits.f90 runs on a few elements only (a cold routine beside a hot loop).
module scan_mod
  implicit none
contains
  subroutine smooth(n, reps, total)
    integer, intent(in) :: n, reps
    real(8), intent(out) :: total
    real(8), allocatable :: u(:)
    integer :: i, r

    allocate(u(n))
    u = 1.0d0
    do r = 1, reps
      do i = 2, n - 1
        u(i) = 0.25d0 * u(i - 1) + 0.5d0 * u(i) + 0.25d0 * sin(u(i + 1))
      end do
    end do
    total = sum(u)
  end subroutine smooth
end module scan_mod
