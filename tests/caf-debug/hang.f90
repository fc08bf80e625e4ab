! A coarray program that hangs on purpose, its images in known waits, for
! the coarray debugging tests.  Usage: hang SCENARIO, on 4 or more images.
! Before its wait, every image writes what it is about to do, from the
! program's own knowledge, to rec.<image> in the current directory (one
! "key value..." a line, "ready" last; written to rec.<image>.tmp and
! renamed, so a reader never sees half a record).  Image numbers in the
! records are global (initial team) numbers.
!
! Scenarios (n images, n >= 4):
!   waits   image 1 locks lk[1], enters CRITICAL, then waits in SYNC IMAGES
!           for image 4; image 2 waits for lk[1]; image 3 for the CRITICAL
!           construct; image 4 posts ev once and waits for 3 posts (EVENT
!           WAIT UNTIL_COUNT=3, count 1); images 5.. wait in SYNC ALL.
!   teams   team 1 = {1, 2, odd images from 5}, team 2 = {3, 4, even from 6};
!           in team 1 image 2 waits in EVENT WAIT, image 1 and 5 in CO_SUM,
!           7 in SYNC ALL (all three for image 2); images 3 and 6 wait in
!           CHANGE TEAM for image 4, which waits in the initial team's SYNC
!           ALL for everyone else.
!   ends    team 1 = {1, 2}: image 1 stops (STOP 42), image 2 fails (FAIL
!           IMAGE); team 2 = {3..n}: image 3 waits in SYNC ALL, 4 in SYNC
!           IMAGES for image 3, 5 in CO_BROADCAST from image 3, 6 in EVENT
!           WAIT, 7 in SYNC ALL (3, 5 and 7 wait for images 4 and 6).
!   abort   team 2 = {2}, team 1 = the others: image 1 locks lk[1] and waits
!           in SYNC ALL for images 3 and 4; image 3 waits for lk[1]; image
!           4 in EVENT WAIT; images 5.. in SYNC ALL; once every record is
!           written image 2 calls C's abort() (a kernel core, the others
!           keep waiting).
!
! Record keys: image, pid, launcher_pid (the supervisor), scenario,
! num_images, team_number (-1: initial team), team_index, team_size,
! status (running | stopped CODE | failed), wait (sync all | sync images |
! lock | critical | event wait | collective | team synchronisation |
! normal termination | none), wait_images (the images the wait still
! needs, ascending; absent where none are named: normal termination),
! holder, object, element, object_image (lock, critical: no object name;
! event), until_count and count (event), operation and root (collective),
! abort SIGNAL (the image that aborts), "coarray NAME KIND [TYPE ELEM_LEN
! [MODULE]]" and "value NAME v1 v2 ..." for field(4)[*] (100*image+k),
! rfield(:)[:] (image + k/4, three elements) and hang_mod's mval(2)[*]
! ([7*image, -image]).
module hang_mod
  implicit none
  integer :: mval(2)[*]
end module hang_mod

program hang
  use, intrinsic :: iso_fortran_env, only: lock_type, event_type, team_type
  use, intrinsic :: iso_c_binding, only: c_int, c_funptr, c_null_funptr
  use hang_mod
  implicit none
  interface
    subroutine c_abort() bind(C, name='abort')
    end subroutine c_abort
    integer(c_int) function c_usleep(us) bind(C, name='usleep')
      import :: c_int
      integer(c_int), value :: us
    end function c_usleep
    integer(c_int) function c_getppid() bind(C, name='getppid')
      import :: c_int
    end function c_getppid
    type(c_funptr) function c_signal(sig, handler) bind(C, name='signal')
      import :: c_int, c_funptr
      integer(c_int), value :: sig
      type(c_funptr), value :: handler
    end function c_signal
  end interface
  integer, parameter :: sigabrt = 6
  type(lock_type) :: lk[*]
  type(event_type) :: ev[*]
  integer :: field(4)[*]
  real(8), allocatable :: rfield(:)[:]
  type(team_type) :: team
  character(len=16) :: scen
  integer :: me, n, k, u, x, tn
  integer, allocatable :: others(:)

  me = this_image()
  n = num_images()
  call get_command_argument(1, scen)
  if (n < 4) error stop 'hang: run on 4 or more images'
  if (scen /= 'waits' .and. scen /= 'teams' .and. scen /= 'ends' .and. scen /= 'abort') &
    error stop 'hang: scenario waits, teams, ends or abort'
  do k = 1, 4
    field(k) = 100 * me + k
  end do
  allocate (rfield(3)[*])     ! synchronises the images
  do k = 1, 3
    rfield(k) = me + 0.25d0 * k
  end do
  mval = [7 * me, -me]

  select case (scen)
  case ('waits')
    call scenario_waits()
  case ('teams')
    call scenario_teams()
  case ('ends')
    call scenario_ends()
  case ('abort')
    call scenario_abort()
  end select
  error stop 'hang: a wait ended'

contains

  ! Team numbers: which team image g joins in a scenario with teams.
  integer function team_of(g)
    integer, intent(in) :: g
    select case (scen)
    case ('teams')
      if (g <= 2) then
        team_of = 1
      else if (g <= 4) then
        team_of = 2
      else
        team_of = 2 - mod(g, 2)
      end if
    case ('ends')
      team_of = merge(1, 2, g <= 2)
    case ('abort')
      team_of = merge(2, 1, g == 2)
    case default
      team_of = -1
    end select
  end function team_of

  ! Image g's index in its team: members are numbered in the order of
  ! their image numbers (FORM TEAM without NEW_INDEX=).
  integer function index_of(g)
    integer, intent(in) :: g
    integer :: j
    index_of = 0
    do j = 1, g
      if (team_of(j) == team_of(g)) index_of = index_of + 1
    end do
  end function index_of

  integer function size_of(t)
    integer, intent(in) :: t
    integer :: j
    size_of = 0
    do j = 1, n
      if (team_of(j) == t) size_of = size_of + 1
    end do
  end function size_of

  ! Opens the record: who this image is, and its coarrays' values.
  subroutine rec_begin(team_number, team_index, team_size, status)
    integer, intent(in) :: team_number, team_index, team_size
    character(len=*), intent(in) :: status
    character(len=32) :: name
    write (name, '(a,i0,a)') 'rec.', me, '.tmp'
    open (newunit=u, file=trim(name), status='replace', action='write')
    write (u, '(a,1x,i0)') 'image', me
    write (u, '(a,1x,i0)') 'pid', getpid()
    write (u, '(a,1x,i0)') 'launcher_pid', c_getppid()
    write (u, '(a,1x,a)') 'scenario', trim(scen)
    write (u, '(a,1x,i0)') 'num_images', n
    write (u, '(a,1x,i0)') 'team_number', team_number
    write (u, '(a,1x,i0)') 'team_index', team_index
    write (u, '(a,1x,i0)') 'team_size', team_size
    write (u, '(a,1x,a)') 'status', status
    write (u, '(a)') 'coarray field static integer 4'
    write (u, '(a)') 'coarray rfield allocatable real 8'
    write (u, '(a)') 'coarray mval static integer 4 hang_mod'
    write (u, '(a)') 'coarray lk lock'
    write (u, '(a)') 'coarray ev event'
    write (u, '(a,*(1x,i0))') 'value field', field
    write (u, '(a,*(1x,g0))') 'value rfield', rfield
    write (u, '(a,*(1x,i0))') 'value mval', mval
  end subroutine rec_begin

  subroutine rec_initial(status)
    character(len=*), intent(in) :: status
    call rec_begin(-1, me, n, status)
  end subroutine rec_initial

  subroutine rec_team(status)
    character(len=*), intent(in) :: status
    call rec_begin(team_of(me), index_of(me), size_of(team_of(me)), status)
  end subroutine rec_team

  subroutine rec_wait(kind, images)
    character(len=*), intent(in) :: kind
    integer, intent(in) :: images(:)
    write (u, '(a,1x,a)') 'wait', kind
    write (u, '(a,*(1x,i0))') 'wait_images', images
  end subroutine rec_wait

  ! A lock or CRITICAL wait: the element and who holds it.
  subroutine rec_lock(kind, object, object_image, holder)
    character(len=*), intent(in) :: kind, object
    integer, intent(in) :: object_image, holder
    call rec_wait(kind, [holder])
    write (u, '(a,1x,i0)') 'holder', holder
    if (object /= '') write (u, '(a,1x,a)') 'object', object
    write (u, '(a)') 'element 0'
    write (u, '(a,1x,i0)') 'object_image', object_image
  end subroutine rec_lock

  subroutine rec_event(until_count, count)
    integer, intent(in) :: until_count, count
    call rec_wait('event wait', [integer ::])
    write (u, '(a)') 'object ev'
    write (u, '(a)') 'element 0'
    write (u, '(a,1x,i0)') 'object_image', me
    write (u, '(a,1x,i0)') 'until_count', until_count
    write (u, '(a,1x,i0)') 'count', count
  end subroutine rec_event

  subroutine rec_end()
    character(len=32) :: name
    write (u, '(a)') 'ready'
    close (u)
    write (name, '(a,i0)') 'rec.', me
    call rename(trim(name) // '.tmp', trim(name))
  end subroutine rec_end

  ! One post to this image's own ev, then a wait for three: count 1.
  subroutine event_hang()
    event post (ev[this_image()])
    call rec_event(3, 1)
    call rec_end()
    event wait (ev, until_count=3)
  end subroutine event_hang

  subroutine scenario_waits()
    select case (me)
    case (1)
      lock (lk[1])
      call critical_section()
    case (2)
      sync images (1)          ! image 1 holds lk[1]
      call rec_initial('running')
      call rec_lock('lock', 'lk', 1, 1)
      call rec_end()
      lock (lk[1])
    case (3)
      sync images (1)          ! image 1 is in the CRITICAL construct
      call rec_initial('running')
      call rec_lock('critical', '', 1, 1)
      call rec_end()
      call critical_section()
    case (4)
      call rec_initial('running')
      call event_hang()
    case default
      call rec_initial('running')
      call rec_wait('sync all', [1, 2, 3, 4])
      call rec_end()
      sync all
    end select
  end subroutine scenario_waits

  ! The one CRITICAL construct (each construct has its own lock): image 1
  ! enters it and waits inside, image 3 waits to enter.
  subroutine critical_section()
    critical
      if (me /= 1) error stop 'hang: entered CRITICAL'
      call hold_then_wait()
    end critical
  end subroutine critical_section

  ! Image 1 of `waits`, inside CRITICAL: image control statements are not
  ! allowed in the construct's block itself.
  subroutine hold_then_wait()
    sync images ([2, 3])
    call rec_initial('running')
    call rec_wait('sync images', [4])
    call rec_end()
    sync images (4)
  end subroutine hold_then_wait

  subroutine scenario_teams()
    tn = team_of(me)
    form team (tn, team)
    if (me == 4) then
      others = pack([(k, k = 1, n)], [(k /= me, k = 1, n)])
      call rec_initial('running')
      call rec_wait('sync all', others)
      call rec_end()
      sync all
    end if
    if (tn == 2) then          ! images 3, 6, ...: image 4 never comes
      call rec_team('running')
      call rec_wait('team synchronisation', [4])
      call rec_end()
    end if
    change team (team)
      if (me == 2) then
        call rec_team('running')
        call event_hang()
      else if (me == 7) then
        call rec_team('running')
        call rec_wait('sync all', [2])
        call rec_end()
        sync all
      else
        call rec_team('running')
        call rec_wait('collective', [2])
        write (u, '(a)') 'operation co_sum'
        call rec_end()
        x = me
        call co_sum(x)
      end if
    end team
  end subroutine scenario_teams

  subroutine scenario_ends()
    tn = team_of(me)
    form team (tn, team)
    change team (team)
      select case (me)
      case (1)
        call rec_team('stopped 42')
        write (u, '(a)') 'wait normal termination'
        call rec_end()
        stop 42
      case (2)
        call rec_team('failed')
        write (u, '(a)') 'wait none'
        call rec_end()
        fail image
      case (3)
        call rec_team('running')
        call rec_wait('sync all', pack([4, 6], [4, 6] <= n))
        call rec_end()
        sync all
      case (4)
        call rec_team('running')
        call rec_wait('sync images', [3])
        call rec_end()
        sync images (index_of(3))
      case (5)
        call rec_team('running')
        call rec_wait('collective', pack([4, 6], [4, 6] <= n))
        write (u, '(a)') 'operation co_broadcast'
        write (u, '(a)') 'root 3'
        call rec_end()
        x = me
        call co_broadcast(x, source_image=index_of(3))
      case (6)
        call rec_team('running')
        call event_hang()
      case default
        call rec_team('running')
        call rec_wait('sync all', pack([4, 6], [4, 6] <= n))
        call rec_end()
        sync all
      end select
    end team
  end subroutine scenario_ends

  subroutine scenario_abort()
    logical :: there
    integer :: j, tries
    character(len=32) :: name
    tn = team_of(me)
    form team (tn, team)
    change team (team)
      select case (me)
      case (1)
        lock (lk[1])             ! team index 1: image 1
        sync images (index_of(3))
        call rec_team('running')
        call rec_wait('sync all', [3, 4])
        call rec_end()
        sync all
      case (2)
        call rec_team('running')
        write (u, '(a)') 'wait none'
        write (u, '(a)') 'abort 6'
        call rec_end()
        ! Every other image has written its record, so is in its wait or
        ! about to be; give them half a second more.
        do tries = 1, 600
          there = .true.
          do j = 1, n
            write (name, '(a,i0)') 'rec.', j
            if (there) inquire (file=trim(name), exist=there)
          end do
          if (there) exit
          k = c_usleep(100000_c_int)
        end do
        k = c_usleep(500000_c_int)
        ! The kernel's core, not libgfortran's backtrace handler.
        call reset_abort()
        call c_abort()
      case (3)
        sync images (index_of(1))  ! image 1 holds lk[1]
        call rec_team('running')
        call rec_lock('lock', 'lk', 1, 1)
        call rec_end()
        lock (lk[1])
      case (4)
        call rec_team('running')
        call event_hang()
      case default
        call rec_team('running')
        call rec_wait('sync all', [3, 4])
        call rec_end()
        sync all
      end select
    end team
  end subroutine scenario_abort

  subroutine reset_abort()
    type(c_funptr) :: old
    old = c_signal(int(sigabrt, c_int), c_null_funptr)
  end subroutine reset_abort
end program hang
