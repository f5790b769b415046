import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shell's style sheet in the test's document, for what it decides: the theme toggle shows
 * (and is named by) the state the page's theme applies. Resolves to the way to take it out.
 */
export function addShellStyles(): () => void {
  const style = document.head.appendChild(document.createElement('style'));
  style.textContent = readFileSync(join(import.meta.dirname, '../../../src/styles/shell.css'), 'utf8');
  return () => style.remove();
}
