/**
 * Ctrl+K, or Cmd+K on macOS: the key that opens (and closes) the command palette from anywhere,
 * a text field included. Apart from src/lib/palette.ts, which loads only with the palette.
 */
export function isPaletteKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}
