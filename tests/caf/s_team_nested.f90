! nested teams: inside change team (odd/even initial images) form a team
! again by the parity of the index in the outer team, change into it, check
! sizes, team numbers and collectives, and unwind both levels.
program s_team_nested
  use iso_fortran_env, only: team_type
  implicit none
  type(team_type) :: outer, inner
  integer :: me, n, onum, osize, oi, inum, isize, ii, v, want, j, round

  me = this_image()
  n = num_images()
  onum = 2 - mod(me, 2)
  osize = merge((n + 1) / 2, n / 2, onum == 1)
  form team (onum, outer)
  do round = 1, 4
    change team (outer)
      oi = this_image()
      if (num_images() /= osize) call fail('outer num_images()', num_images(), osize, 1801)
      if (team_number() /= onum) call fail('outer team_number()', team_number(), onum, 1802)
      inum = 2 - mod(oi, 2)
      isize = merge((osize + 1) / 2, osize / 2, inum == 1)
      form team (inum, inner)
      change team (inner)
        ii = this_image()
        if (num_images() /= isize) call fail('inner num_images()', num_images(), isize, 1803)
        if (team_number() /= inum) call fail('inner team_number()', team_number(), inum, 1804)
        if (ii < 1 .or. ii > isize) call fail('inner this_image()', ii, isize, 1805)
        sync all
        ! sum of the outer indices of the members: odd or even numbers <= osize
        v = oi
        call co_sum(v)
        want = 0
        do j = inum, osize, 2
          want = want + j
        end do
        if (v /= want) call fail('inner co_sum of outer indices', v, want, 1806)
        v = me
        call co_max(v)
        if (mod(v, 2) /= mod(me, 2)) call fail('inner co_max of initial index parity', v, me, 1807)
        v = ii
        call co_sum(v)
        if (v /= isize * (isize + 1) / 2) call fail('inner co_sum of own indices', v, &
                                                     isize * (isize + 1) / 2, 1808)
        sync team (inner)
      end team
      if (this_image() /= oi) call fail('outer this_image() after inner end team', this_image(), oi, 1809)
      if (team_number() /= onum) call fail('outer team_number() after inner end team', &
                                           team_number(), onum, 1810)
      v = 1
      call co_sum(v)
      if (v /= osize) call fail('outer co_sum after inner end team', v, osize, 1811)
      sync team (outer)
    end team
    if (this_image() /= me .or. num_images() /= n) &
      call fail('this_image() after outer end team', this_image(), me, 1812)
    if (team_number() /= -1) call fail('team_number() in the initial team', team_number(), -1, 1813)
    sync all
  end do
  if (me == 1) print '(a)', 'PASS team_nested'
contains
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want, code
    print *, 'image', me, 'round', round, trim(what), ': got', got, 'expected', want
    error stop code
  end subroutine fail
end program s_team_nested
