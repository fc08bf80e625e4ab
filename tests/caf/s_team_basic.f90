! form team (odd/even images), change team: this_image(), num_images(),
! team_number(), sync all and co_sum inside each team, sync team, end team,
! and the initial team's indices afterwards.
program s_team_basic
  use iso_fortran_env, only: team_type
  implicit none
  type(team_type) :: t
  integer :: me, n, mine, tsize, ti, tn, j, k, expsum
  integer, allocatable :: map(:), big(:)

  me = this_image()
  n = num_images()
  mine = 2 - mod(me, 2)                 ! 1 for odd images, 2 for even
  tsize = merge((n + 1) / 2, n / 2, mine == 1)
  expsum = 0
  do j = mine, n, 2
    expsum = expsum + j
  end do
  allocate (map(n), big(20000))
  if (team_number() /= -1) call fail('team_number() in the initial team', team_number(), -1, 1701)
  form team (mine, t)      ! gfortran 12 rejects stat= on form team
  do k = 1, 3
    change team (t)
      ti = this_image()
      tn = num_images()
      if (tn /= tsize) call fail('num_images() in team', tn, tsize, 1703)
      if (ti < 1 .or. ti > tn) call fail('this_image() in team out of range', ti, tn, 1704)
      if (team_number() /= mine) call fail('team_number() in team', team_number(), mine, 1705)
      big = me
      call co_sum(big)
      if (any(big /= expsum)) call fail('co_sum of initial indices in team, first wrong', &
                                        big(findloc(big /= expsum, .true., 1)), expsum, 1706)
      sync all
      ! which team index each initial image got: a permutation of 1..tsize
      map = 0
      map(me) = ti
      call co_sum(map)
      do j = 1, n
        if (mod(j, 2) /= mod(me, 2) .and. map(j) /= 0) &
          call fail('image of the other team in the team map', j, 0, 1707)
        if (mod(j, 2) == mod(me, 2) .and. count(map == map(j)) /= 1) &
          call fail('team index not unique, image', j, map(j), 1708)
      end do
      if (maxval(map) /= tsize) call fail('largest team index', maxval(map), tsize, 1709)
      sync team (t)
      call co_max(ti)
      if (ti /= tsize) call fail('co_max of team indices', ti, tsize, 1710)
    end team
    if (this_image() /= me) call fail('this_image() after end team', this_image(), me, 1711)
    if (num_images() /= n) call fail('num_images() after end team', num_images(), n, 1714)
    if (team_number() /= -1) call fail('team_number() after end team', team_number(), -1, 1712)
    sync team (t)
    big = me
    call co_sum(big)
    if (any(big /= n * (n + 1) / 2)) call fail('co_sum over the initial team, first wrong element', &
                                               big(findloc(big /= n * (n + 1) / 2, .true., 1)), &
                                               n * (n + 1) / 2, 1713)
  end do
  sync all
  if (me == 1) print '(a)', 'PASS team_basic'
contains
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want, code
    print *, 'image', me, 'round', k, trim(what), ': got', got, 'expected', want
    error stop code
  end subroutine fail
end program s_team_basic
