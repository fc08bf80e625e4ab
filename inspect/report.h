/* What paradbg-inspect prints: libparadbg's records, with the frames that
   the inspector adds from libdw. */
#ifndef PARADBG_INSPECT_REPORT_H
#define PARADBG_INSPECT_REPORT_H

#include <stdio.h>

#include "paradbg/paradbg.h"

#define MAX_FRAMES 64

void print_text(const struct pdb_records *r, FILE *out);

#endif
