! Tabulated equation of state: for each query density, find the table interval by a linear scan
! from the start of the (sorted) density table, then interpolate log-linearly. Prints its own table:
! one row per table size, the same number of queries each time. Optional arguments: a single
! table size and the query count.
module eostab_mod
  implicit none
contains
  real(8) function lookup(rho, tab, ptab, m)
    integer, intent(in) :: m
    real(8), intent(in) :: rho, tab(m), ptab(m)
    integer :: k
    real(8) :: w
    k = 1
    do while (k < m - 1 .and. tab(k + 1) < rho)
      k = k + 1
    end do
    w = (log(rho) - log(tab(k))) / (log(tab(k + 1)) - log(tab(k)))
    lookup = (1 - w) * ptab(k) + w * ptab(k + 1)
  end function lookup
end module eostab_mod

program eostab
  use eostab_mod
  implicit none
  integer :: sizes(5) = [500, 1000, 2000, 4000, 8000]
  integer :: nk, k, m, nq, i
  real(8), allocatable :: tab(:), ptab(:)
  real(8) :: t0, t1, s, rho
  character(len=32) :: arg
  nk = 5; nq = 200000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) sizes(1); nk = 1
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) nq
  end if
  write (*, '(a)') ' table_size   queries    seconds   ns/query'
  do k = 1, nk
    m = sizes(k)
    allocate (tab(m), ptab(m))
    do i = 1, m
      tab(i) = 1.0d-3 * exp(12.0d0 * (i - 1) / (m - 1))
      ptab(i) = tab(i)**1.4d0
    end do
    s = 0
    call cpu_time(t0)
    do i = 1, nq
      rho = 1.0d-3 * exp(12.0d0 * modulo(i * 0.6180339887d0, 1.0d0))
      s = s + lookup(rho, tab, ptab, m)
    end do
    call cpu_time(t1)
    write (*, '(i11,i10,f11.4,f11.2)') m, nq, t1 - t0, 1d9 * (t1 - t0) / nq
    deallocate (tab, ptab)
  end do
  write (*, '(a,es14.6)') 'checksum ', s
end program eostab
