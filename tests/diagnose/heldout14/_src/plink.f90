! plink: tracer particles kept in a singly linked list of allocated nodes (type(node), pointer ::
! next), built by inserting each new particle after a randomly chosen earlier one (as an
! injection code does), then advected every step by walking the list.
! Usage: plink [n] [steps]. Prints the time per particle update.
module plist
  implicit none
  type node
    real(8) :: x, y, u, v
    real(8) :: pad(4)
    type(node), pointer :: next => null()
  end type node
end module plist

program plink
  use plist
  implicit none
  type(node), pointer :: head, p, q
  type ptr
    type(node), pointer :: p
  end type ptr
  type(ptr), allocatable :: idx(:)
  integer :: n, nsteps, i, s, k
  real(8) :: r, t0, t1, sx
  character(len=16) :: arg
  n = 400000; nsteps = 10
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) n; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  allocate(idx(n))
  allocate(head); head%x = 0; head%y = 0; head%u = 1; head%v = 0; idx(1)%p => head
  do i = 2, n
    allocate(p); p%x = i; p%y = -i; p%u = 1d-3; p%v = 2d-3
    call random_number(r); k = 1 + int(r * (i - 1))
    q => idx(k)%p
    p%next => q%next; q%next => p; idx(i)%p => p
  end do
  deallocate(idx)
  call cpu_time(t0)
  do s = 1, nsteps
    p => head
    do while (associated(p))
      p%x = p%x + 0.1d0 * p%u
      p%y = p%y + 0.1d0 * p%v
      p => p%next
    end do
  end do
  call cpu_time(t1)
  sx = 0; p => head
  do while (associated(p)); sx = sx + p%x; p => p%next; end do
  print '(a,i0,a,i0,a,f8.3,a,f8.2,a,es12.4)', 'plink: ', n, ' particles, ', nsteps, ' steps: ', t1 - t0, ' s, ', &
        1d9 * (t1 - t0) / (real(n, 8) * nsteps), ' ns/particle-update, sum x ', sx
end program plink
