! Model and run parameters of the Gray-Scott run
module gs_params
  implicit none
  integer, parameter :: dp = kind(1.0d0)

  ! model (pattern "mitosis"-like regime)
  real(dp), parameter :: du = 0.16_dp, dv = 0.08_dp
  real(dp), parameter :: feed = 0.0367_dp, kill = 0.0649_dp
  real(dp), parameter :: dt = 1.0_dp

  ! run, set from the command line
  integer :: n = 200          ! grid points per side
  integer :: nsteps = 2000    ! time steps
  integer :: every = 40       ! snapshot interval (steps)

contains

  subroutine read_arguments()
    character(len=32) :: arg
    if (command_argument_count() >= 1) then
      call get_command_argument(1, arg); read(arg, *) n
    end if
    if (command_argument_count() >= 2) then
      call get_command_argument(2, arg); read(arg, *) nsteps
    end if
    if (command_argument_count() >= 3) then
      call get_command_argument(3, arg); read(arg, *) every
    end if
    if (n < 8 .or. nsteps < 1 .or. every < 1) then
      write(*, '(a)') 'usage: gray_scott [n>=8] [nsteps>=1] [every>=1]'
      stop 1
    end if
  end subroutine read_arguments

end module gs_params
