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

#endif
