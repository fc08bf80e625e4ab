! A TEAM_TYPE variable copied before its original is formed again still
! names the first team.
program r_team_copy
  use iso_fortran_env, only: team_type
  implicit none
  type(team_type) :: t1, t2
  integer :: me, n, want
  me = this_image(); n = num_images()
  form team (2 - mod(me, 2), t1)
  t2 = t1
  form team (1, t1)
  change team (t2)
    want = merge((n + 1) / 2, n / 2, mod(me, 2) == 1)
    if (num_images() /= want .or. team_number() /= 2 - mod(me, 2)) then
      print *, 'image', me, 'in t2:', num_images(), team_number()
      error stop 1
    end if
  end team
  change team (t1)
    if (num_images() /= n .or. team_number() /= 1) error stop 2
  end team
  if (me == 1) print '(a)', 'PASS team_copy'
end program
