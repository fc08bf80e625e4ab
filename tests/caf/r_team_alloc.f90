! Coarrays allocated inside a team are deallocated at END TEAM, so the
! coarrays allocated afterwards line up on every image again.
program r_team_alloc
  use iso_fortran_env, only: team_type
  implicit none
  type(team_type) :: t
  integer, allocatable :: x(:)[:], y(:)[:]
  integer :: me, n, p, round
  me = this_image(); n = num_images()
  do round = 1, 3
    form team (merge(1, 2, me <= n / 2), t)
    change team (t)
      if (team_number() == 1) allocate (x(1000 * round)[*])
      if (team_number() == 2) allocate (x(7)[*])
      x = me
      sync all
      if (x(1)[mod(this_image(), num_images()) + 1] < 1) error stop 1
    end team
    if (allocated(x)) then
      print *, 'image', me, 'x still allocated after END TEAM'
      error stop 2
    end if
    allocate (y(10)[*])
    y = me * 10 + round
    sync all
    p = mod(me, n) + 1
    if (y(1)[p] /= p * 10 + round) then
      print *, 'image', me, 'round', round, 'y(1)[', p, '] =', y(1)[p], 'wanted', p * 10 + round
      error stop 3
    end if
    deallocate (y)
  end do
  if (me == 1) print '(a)', 'PASS team_alloc'
end program
