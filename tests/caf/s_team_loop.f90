! form team repeated in a loop (150 iterations) with a different split each
! time, change team / end team each time, and checks inside and after.
program s_team_loop
  use iso_fortran_env, only: team_type
  implicit none
  integer, parameter :: iters = 150
  type(team_type) :: t
  integer :: me, n, it, nt, mine, tsize, j, v, want

  me = this_image()
  n = num_images()
  do it = 1, iters
    nt = 1 + mod(it, min(n, 3))          ! number of teams this iteration
    mine = 1 + mod(me + it, nt)
    tsize = 0
    want = 0
    do j = 1, n
      if (1 + mod(j + it, nt) == mine) then
        tsize = tsize + 1
        want = want + j
      end if
    end do
    form team (mine, t)
    change team (t)
      if (num_images() /= tsize) call fail('num_images() in team', num_images(), tsize, 1901)
      if (team_number() /= mine) call fail('team_number()', team_number(), mine, 1902)
      if (this_image() < 1 .or. this_image() > tsize) &
        call fail('this_image() in team', this_image(), tsize, 1903)
      if (mod(it, 10) == 0) then
        sync all
        v = me
        call co_sum(v)
        if (v /= want) call fail('co_sum of initial indices in team', v, want, 1904)
      end if
    end team
    if (this_image() /= me .or. num_images() /= n) &
      call fail('this_image() after end team', this_image(), me, 1905)
    if (mod(it, 25) == 0) then
      v = it
      call co_max(v)
      if (v /= it) call fail('co_max in the initial team', v, it, 1906)
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS team_loop'
contains
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want, code
    print *, 'image', me, 'iteration', it, trim(what), ': got', got, 'expected', want
    error stop code
  end subroutine fail
end program s_team_loop
