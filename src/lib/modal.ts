/** What matches an open modal dialog (ours carry aria-modal; the image preview is a native dialog): while one is open, the page behind it is not the keyboard's. */
export const OPEN_MODAL = '[aria-modal="true"], dialog[open]';
