/* Strings from the target made safe to print. */
#ifndef PARADBG_LIB_PRINTABLE_H
#define PARADBG_LIB_PRINTABLE_H

#include <stddef.h>
#include <stdint.h>

/* Strings from the target (file, symbol and lock names) reach a terminal
   only through printable(): a crafted core must not be able to send it
   escape sequences. */

/* The length of the well-formed UTF-8 character at s (1 to 4), with its
   code point in *code, or 0 if s does not start one. */
size_t utf8_char(const unsigned char *s, uint32_t *code);

/* Whether a character may be printed as it is: not a C0 or C1 control nor
   DEL, nor a line separator, bidirectional control or invisible character
   that would change how what follows is shown. */
int printable_code(uint32_t code);

/* pdb_printable (paradbg.h) is the one that makes a string printable. */

/* Numbers as compact ranges ("1,3-5", "2, 3, 5-9"), written into buf a
   value at a time in ascending order: a value one above the last extends
   its run, the same value again is dropped.  Past max ranges (0: no
   bound) the rest is counted and ranges_end writes ", ... (N more)"; what
   does not fit in size bytes is cut. */
struct ranges {
  char *buf;
  size_t size, len;
  const char *sep;           /* between ranges: "," or ", " */
  int pairs;                 /* a run of two as "3-4" rather than "3, 4" */
  unsigned max, nranges;
  uint64_t more;             /* values past max */
  int64_t first, last;
  int open;
};
void ranges_init(struct ranges *r, char *buf, size_t size, const char *sep, int pairs, unsigned max);
void ranges_add(struct ranges *r, int64_t v);
/* Closes the last run; the length written. */
size_t ranges_end(struct ranges *r);

#endif
