/* File names as the messages on standard error show them.  A name comes
 * from the user (an argument, a line of a checksum list, a folder from the
 * environment) and may hold any byte but NUL: printed raw, a newline
 * forges a message line and an escape sequence (ESC [ ...) recolours,
 * moves the cursor or retitles the terminal.  Every message that names a
 * user's file goes through hb_shown_name, so all show a name alike. */
#ifndef HB_CLI_NAMES_H
#define HB_CLI_NAMES_H

/* The name itself when it is printable as it is; else a leading backslash
 * (the mark sha256sum puts on an escaped line) and the name with
 * backslashes doubled, \n \r \t for those, and every other control byte,
 * C1 control (U+0080-U+009F) or byte that is not UTF-8 as \ooo (octal, as
 * `ls -b`): "a\033[31m" shows as "\a\033[31m".  A name with backslashes
 * only is shown as it is (sha256sum -c does the same).  The result lives
 * until the fourth call after this one: enough for one message's names. */
const char *hb_shown_name(const char *name);

#endif
