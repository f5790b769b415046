// The screen sizes the shell's layout switches at, for code that must agree with the CSS
// (src/styles/shell.css); one place, read by hooks and stores alike.

/** Below md (SPEC §9: 900 px) the shell is the narrow one: no top bar, a bottom navigation and sheet. */
export const NARROW_SCREEN = '(max-width: 899px)';

/** Wide screens with a pointer that hovers: where tracks are dragged (a finger's long press opens the row's menu). */
export const DRAGS_TRACKS = '(min-width: 900px) and (hover: hover)';
