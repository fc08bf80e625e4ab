! Every image stops or fails at the same moment, each with a long message
! of its own, "image 07 <" N letters "> image 07": each line must reach a
! pipe whole (tests/whole-lines.test).
!   stop N      STOP with that message, on every image
!   errstop N   ERROR STOP with it, on every image
!   runtime     every image makes the same error in libparcaf at once
program together
  implicit none
  character(len=16) :: how, arg
  character(len=:), allocatable :: msg
  integer :: me, n, len_wanted, k
  me = this_image()
  call get_command_argument(1, how)
  call get_command_argument(2, arg)
  len_wanted = 0
  if (len_trim(arg) > 0) read (arg, *) len_wanted
  write (arg, '(i2.2)') me
  msg = 'image ' // trim(arg) // ' <'
  do k = 1, len_wanted
    msg = msg // achar(iachar('a') + mod(me + k, 26))
  end do
  msg = msg // '> image ' // trim(arg)
  n = num_images()
  sync all
  select case (how)
  case ('stop')
    stop msg
  case ('errstop')
    error stop msg
  case ('runtime')
    sync images (n + me)
  end select
end program together
