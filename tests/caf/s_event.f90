! event post / event wait: a ring with data and acknowledgements, waits with
! until_count=, and event_query counts.
program s_event
  use iso_fortran_env, only: event_type
  implicit none
  integer, parameter :: rounds = 40
  type(event_type) :: ev[*], ack[*], many[*]
  integer :: dat[*]
  integer :: me, n, left, right, r, k, cnt, s

  me = this_image()
  n = num_images()
  left = mod(me - 2 + n, n) + 1
  right = mod(me, n) + 1
  dat = 0
  sync all
  do r = 1, rounds
    if (r > 1) event wait (ack)
    dat[right] = 100 * me + r
    event post (ev[right])
    event wait (ev)
    if (dat /= 100 * left + r) then
      print *, 'image', me, 'ring round', r, 'dat =', dat, 'expected', 100 * left + r
      error stop 901
    end if
    event post (ack[left])
  end do
  event wait (ack)
  call query(1, 0, 'ev after the ring', 902)
  call query(2, 0, 'ack after the ring', 903)
  ! image j posts j times to image 1; image 1 waits for all of them at once
  do k = 1, me
    event post (many[1])
  end do
  if (me == 1) event wait (many, until_count=n * (n + 1) / 2)
  sync all
  call query(3, 0, 'many after until_count wait', 904)
  ! three posts from the left neighbour, counted before being waited for
  do k = 1, 3
    event post (ev[right], stat=s)
    if (s /= 0) then
      print *, 'image', me, 'event post stat =', s
      error stop 905
    end if
  end do
  sync all
  call query(1, 3, 'ev after three posts', 906)
  event wait (ev, until_count=2)
  call query(1, 1, 'ev after until_count=2', 907)
  event wait (ev)
  call query(1, 0, 'ev after last wait', 908)
  sync all
  if (me == 1) print '(a)', 'PASS event'
contains
  ! which: 1 = ev, 2 = ack, 3 = many (gfortran 12 cannot pass an event
  ! variable to a dummy argument)
  subroutine query(which, want, what, code)
    integer, intent(in) :: which, want, code
    character(len=*), intent(in) :: what
    cnt = -1
    s = -1
    select case (which)
    case (1)
      call event_query(ev, cnt, s)
    case (2)
      call event_query(ack, cnt, s)
    case default
      call event_query(many, cnt, s)
    end select
    if (cnt /= want .or. s /= 0) then
      print *, 'image', me, trim(what), ': event_query count =', cnt, 'stat =', s, &
               'expected', want
      error stop code
    end if
  end subroutine query
end program s_event
