/* The one way the runtimes (libparomp, libparcaf, libparatomic) write a
   message line: formatted whole, then one write(2).  stdio writes a line
   in pieces (a prefix, the text, the newline), and when several images
   or threads write at once, their pieces interleave and a reader of a
   pipe can get half a line.  A write of at most PIPE_BUF bytes to a pipe
   is atomic, so a line is cut to fit, its end marked "...".

   Header-only: each runtime is its own library, and this is all they
   share. */
#ifndef PARADBG_RTLINE_H
#define PARADBG_RTLINE_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#ifndef PIPE_BUF
#define PIPE_BUF 4096
#endif

/* Leave control characters as they are: the text is the program's own
   (a STOP code), printed as libgfortran prints it. */
#define RT_LINE_VERBATIM 1u

/* prefix, then the text of fmt: a runtime's own words before a message
   its caller formats. */
static inline void __attribute__((format(printf, 4, 0)))
rt_prefixed_vline(FILE *f, unsigned flags, const char *prefix, const char *fmt, va_list ap)
{
  char line[PIPE_BUF];
  const size_t room = sizeof line - 1;   /* the text, then the newline */
  int p = snprintf(line, room + 1, "%s", prefix);
  size_t pre = p < 0 ? 0 : (size_t)p > room ? room : (size_t)p;
  int r = vsnprintf(line + pre, room + 1 - pre, fmt, ap);
  size_t len = pre + (r < 0 ? 0 : (size_t)r);
  if (len > room) {
    /* Cut before a UTF-8 character that would not fit whole. */
    size_t cut = room - 3;
    while (cut > 0 && ((unsigned char)line[cut] & 0xc0) == 0x80)
      cut--;
    line[cut++] = '.', line[cut++] = '.', line[cut++] = '.';
    len = cut;
  }
  /* Strings from the user or the environment inside a message (a bad
     OMP_* value, an error directive's text) must not break the line or
     drive a terminal. */
  if (!(flags & RT_LINE_VERBATIM))
    for (size_t i = 0; i < len; i++) {
      unsigned char c = (unsigned char)line[i];
      if ((c < 0x20 && c != '\t') || c == 0x7f)
        line[i] = '?';
    }
  line[len++] = '\n';
  int saved = errno;
  /* What the program wrote to the stream before comes first. */
  fflush(f);
  int fd = fileno(f);
  if (fd < 0) {
    errno = saved;
    return;
  }
  for (size_t off = 0; off < len;) {
    ssize_t w = write(fd, line + off, len - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    off += (size_t)w;   /* only a file or a terminal takes part of it */
  }
  errno = saved;
}

static inline void __attribute__((format(printf, 3, 0)))
rt_vline(FILE *f, unsigned flags, const char *fmt, va_list ap)
{
  rt_prefixed_vline(f, flags, "", fmt, ap);
}

static inline void __attribute__((format(printf, 3, 4)))
rt_line(FILE *f, unsigned flags, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  rt_vline(f, flags, fmt, ap);
  va_end(ap);
}

#endif
