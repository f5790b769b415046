// Where the project lives, whatever directory a script is started from.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (two levels above scripts/lib/). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The path of a locally installed command, so no script depends on npx or PATH. */
export function bin(name) {
  return join(ROOT, 'node_modules', '.bin', name);
}
