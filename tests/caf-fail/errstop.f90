! ERROR STOP on the last image while the others wait in SYNC ALL.
program errstop
  implicit none
  character(len=16) :: how
  call get_command_argument(1, how)
  if (this_image() == num_images()) then
    select case (how)
    case ('code'); error stop 7
    case ('string'); error stop 'broken'
    case ('quiet'); error stop 5, quiet=.true.
    case ('stop'); stop 3
    case ('stop-sync'); stop
    end select
  end if
  if (how /= 'stop') sync all
  print '(a,i0)', 'after sync on image ', this_image()
end program
