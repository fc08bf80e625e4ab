/* paradbg-inspect's one-line messages on stderr. */
#ifndef PARADBG_INSPECT_MESSAGES_H
#define PARADBG_INSPECT_MESSAGES_H

/* Prints "paradbg-inspect: MESSAGE" on stderr and returns status. */
int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "paradbg-inspect: warning: MESSAGE" on stderr. */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
