// A store has one writer: the file that defines it (DESIGN §5). Checked for the stores whose
// writers were once spread out (the player card's state was written by playback/ too).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The files under src/ that write `store` (set, setKey, or a nanostores helper given it). */
function writersOf(store: string): string[] {
  const writes = new RegExp(`\\${store}\\.(set|setKey)\\(|(setPath|setByKey)\\(\\${store}\\b`);
  return sourceFiles(join(root, 'src'))
    .filter((file) => writes.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file).replaceAll('\\', '/'));
}

describe('one writer per store', () => {
  it('$player is written by src/stores/player.ts alone', () => {
    expect(writersOf('$player')).toEqual(['src/stores/player.ts']);
  });
});
