! A coarray program that hangs on purpose, for the wait-for graph and
! merged stacks tests.  Usage: cafhang SCENARIO, on 2 or more images.
! Before its wait, every image writes what it holds and what it is about
! to wait for, from the program's own knowledge, to rec.<image> in the
! current directory (written to rec.<image>.tmp and renamed, "ready"
! last, so that tests/caf-debug/run-hang.sh's start_hang can run it).
! See README.md for the keys.
!
! Scenarios:
!   cycle   image 1 takes LOCK(lk[1]), then waits in SYNC IMAGES(2);
!           image 2 waits in LOCK(lk[1]); images 3.. wait in SYNC ALL
!           (for images 1 and 2).  A deadlock.
!   event   image 1 waits in EVENT WAIT on its ev; the others live on
!           outside the runtime and never post, until a file "stop"
!           appears: then they STOP (README.md says why and how).
program cafhang
  use, intrinsic :: iso_fortran_env, only: lock_type, event_type
  implicit none
  type(lock_type) :: lk[*]
  type(event_type) :: ev[*]
  character(len=16) :: scen
  integer :: me, n, u

  me = this_image()
  n = num_images()
  call get_command_argument(1, scen)
  if (n < 2) error stop 'cafhang: run on 2 or more images'
  if (scen /= 'cycle' .and. scen /= 'event') error stop 'cafhang: scenario cycle or event'
  sync all

  select case (scen)
  case ('cycle')
    call scenario_cycle()
  case ('event')
    call scenario_event()
  end select
  error stop 'cafhang: a wait ended'

contains

  subroutine rec_begin(status)
    character(len=*), intent(in) :: status
    character(len=32) :: name
    write (name, '(a,i0,a)') 'rec.', me, '.tmp'
    open (newunit=u, file=trim(name), status='replace', action='write')
    write (u, '(a,1x,i0)') 'image', me
    write (u, '(a,1x,i0)') 'pid', getpid()
    write (u, '(a,1x,a)') 'scenario', trim(scen)
    write (u, '(a,1x,i0)') 'num_images', n
    write (u, '(a,1x,a)') 'status', status
  end subroutine rec_begin

  ! The wait and the images it needs (none: say so with an empty list).
  subroutine rec_wait(kind, images)
    character(len=*), intent(in) :: kind
    integer, intent(in) :: images(:)
    write (u, '(a,1x,a)') 'wait', kind
    write (u, '(a,*(1x,i0))') 'wait_images', images
  end subroutine rec_wait

  subroutine rec_end()
    character(len=32) :: name
    write (u, '(a)') 'ready'
    close (u)
    write (name, '(a,i0)') 'rec.', me
    call rename(trim(name) // '.tmp', trim(name))
  end subroutine rec_end

  subroutine scenario_cycle()
    select case (me)
    case (1)
      lock (lk[1])
      sync images (2)            ! image 2 may try lk[1] now
      call rec_begin('running')
      write (u, '(a)') 'hold lk 1'
      call rec_wait('sync images', [2])
      call rec_end()
      sync images (2)
    case (2)
      sync images (1)            ! image 1 holds lk[1]
      call rec_begin('running')
      call rec_wait('lock', [1])
      write (u, '(a)') 'holder 1'
      write (u, '(a)') 'object lk'
      write (u, '(a)') 'object_image 1'
      call rec_end()
      lock (lk[1])
    case default
      call rec_begin('running')
      call rec_wait('sync all', [1, 2])
      call rec_end()
      sync all
    end select
  end subroutine scenario_cycle

  ! Images 2.. sleep outside the runtime, which cannot know that they
  ! will never post: image 1 waits, and the runtime leaves it waiting.
  ! Once the file "stop" appears in the current directory, they STOP,
  ! and no live image can post: libparcaf would end image 1's wait with
  ! an error, so the test stops image 1 (SIGSTOP) before it makes the
  ! file, and takes its cores while image 1 cannot run.
  subroutine scenario_event()
    use, intrinsic :: iso_c_binding, only: c_int
    interface
      function usleep(us) bind(c, name='usleep')
        import :: c_int
        integer(c_int), value :: us
        integer(c_int) :: usleep
      end function usleep
    end interface
    logical :: told
    integer :: k
    if (me == 1) then
      call rec_begin('running')
      call rec_wait('event wait', [(k, k = 2, n)])
      write (u, '(a)') 'object ev'
      write (u, '(a)') 'object_image 1'
      write (u, '(a)') 'until_count 1'
      write (u, '(a)') 'count 0'
      call rec_end()
      event wait (ev)
    else
      call rec_begin('running')
      call rec_end()
      told = .false.
      do while (.not. told)
        k = usleep(20000_c_int)
        inquire (file='stop', exist=told)
      end do
      call rec_begin('stopped 0')
      call rec_wait('normal termination', [1])
      call rec_end()
      stop
    end if
  end subroutine scenario_event
end program cafhang
