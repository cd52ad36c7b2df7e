// The parts of ncursesw that Swift cannot import directly: attribute macros, macro-only queries and the
// globals Swift 6 rejects as not concurrency-safe, wrapped in small functions.
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

// SwiftPM drops the -D flags of ncursesw.pc, so the wide-character API must be switched on here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Text attributes (A_* are macros built from NCURSES_BITS, which Swift does not import).
static inline attr_t cncurses_attribute_normal(void) { return A_NORMAL; }
static inline attr_t cncurses_attribute_bold(void) { return A_BOLD; }
static inline attr_t cncurses_attribute_dim(void) { return A_DIM; }
static inline attr_t cncurses_attribute_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_attribute_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_attribute_italic(void) { return A_ITALIC; }

// Globals of the current screen.
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_color_pairs(void) { return COLOR_PAIRS; }

// The size of a window (getmaxyx is a macro).
static inline int cncurses_height(WINDOW *window) { int rows, columns; getmaxyx(window, rows, columns); (void)columns; return rows; }
static inline int cncurses_width(WINDOW *window) { int rows, columns; getmaxyx(window, rows, columns); (void)rows; return columns; }

// Fills a complex character, passing the colour pair through `opts` so that pairs above 255 work.
static inline int cncurses_setcchar(cchar_t *character, const wchar_t *text, attr_t attributes, int pair) {
    return setcchar(character, text, attributes, (NCURSES_PAIRS_T)(pair < 256 ? pair : 0), &pair);
}

// A terminfo string capability of the current terminal, or NULL when it has none (tigetstr answers (char *)-1
// for a name that is not a string capability).
static inline const char *cncurses_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

// The character set of the current LC_CTYPE locale, such as "UTF-8" or "ANSI_X3.4-1968".
static inline const char *cncurses_locale_codeset(void) { return nl_langinfo(CODESET); }

#endif
