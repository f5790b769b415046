// @vitest-environment node
// The layering rules of eslint.config.js, run through ESLint's own API on small
// snippets placed (by file path) in the folder each rule guards: each must bite,
// and the imports each folder is allowed must pass.
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const LAYERING_RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties'];

/** The layering rules a snippet breaks, as `rule: message` lines. */
async function layeringErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((message) => LAYERING_RULES.includes(message.ruleId ?? '')).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('layering held by lint', () => {
  it.each([
    ['window.fetch', 'src/stores/album.ts', "export const load = () => window.fetch('/v1/albums');", 'no-restricted-properties'],
    ['global fetch', 'src/islands/album/AlbumView.tsx', "export const load = () => fetch('/v1/albums');", 'no-restricted-globals'],
    ['globalThis.fetch', 'src/lib/colors.ts', "export const load = () => globalThis.fetch('/x');", 'no-restricted-properties'],
    ['React in a store', 'src/stores/album.ts', "import { useState } from 'react';\nexport const s = useState;", 'no-restricted-imports'],
    ['@nanostores/react in a store', 'src/stores/album.ts', "import { useStore } from '@nanostores/react';\nexport const s = useStore;", 'no-restricted-imports'],
    ['react-dom in a store', 'src/stores/album.ts', "import { createRoot } from 'react-dom/client';\nexport const s = createRoot;", 'no-restricted-imports'],
    ['Astro in a store', 'src/stores/session.ts', "import { navigate } from 'astro:transitions/client';\nexport const s = navigate;", 'no-restricted-imports'],
    ['an island in a store', 'src/stores/ui.ts', "import { Toasts } from '../islands/shell/Toasts';\nexport const s = Toasts;", 'no-restricted-imports'],
    ['a component in a store', 'src/stores/ui.ts', "import { Icon } from '../components/Icon';\nexport const s = Icon;", 'no-restricted-imports'],
    ['the API in an island', 'src/islands/album/AlbumView.tsx', "import { getAlbum } from '../../api/albums';\nexport const s = getAlbum;", 'no-restricted-imports'],
    ['the API in a component', 'src/components/Tracks.tsx', "import { callApi } from '../api/client';\nexport const s = callApi;", 'no-restricted-imports'],
    ['an island in a component', 'src/components/shell/Bar.tsx', "import { TopBar } from '../../islands/shell/TopBar';\nexport const s = TopBar;", 'no-restricted-imports'],
    ['the sandbox from src', 'src/lib/format.ts', "import { createSandbox } from '../../sandbox/app';\nexport const s = createSandbox;", 'no-restricted-imports'],
    ['a store made outside src/stores/', 'src/islands/shell/install-prompt.ts', "import { atom } from 'nanostores';\nexport const $offer = atom(null);", 'no-restricted-imports'],
    ['a router outside src/stores/', 'src/lib/links.ts', "import { createRouter } from '@nanostores/router';\nexport const r = createRouter({});", 'no-restricted-imports'],
    ['a store in the API', 'src/api/albums.ts', "import { $session } from '../stores/session';\nexport const s = $session;", 'no-restricted-imports'],
  ])('refuses %s (%s)', async (_what, filePath, code, rule) => {
    const errors = await layeringErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(rule);
  });

  it('allows what each folder may use', async () => {
    const allowed: [string, string][] = [
      ['src/api/albums.ts', "import { callApi } from './client';\nexport const load = () => fetch('/v1') && callApi({ path: 'x' });"],
      ['src/stores/album.ts', "import { atom } from 'nanostores';\nimport { getAlbum } from '../api/albums';\nexport const s = [atom, getAlbum];"],
      ['src/islands/album/AlbumView.tsx', "import { useStore } from '@nanostores/react';\nimport type { ReadableAtom } from 'nanostores';\nimport type { Track } from '../../api/types';\nimport { $album } from '../../stores/album';\nimport { Icon } from '../../components/Icon';\nexport const s = [useStore, $album, Icon];\nexport type T = [Track, ReadableAtom];"],
      ['src/components/Tracks.tsx', "import type { Track } from '../api/types';\nimport { formatDuration } from '../lib/format';\nexport const s = (t: Track) => formatDuration(t.durationMs);"],
    ];
    for (const [filePath, code] of allowed) expect(await layeringErrors(code, filePath), filePath).toEqual([]);
  });

  // ESLint has no Astro parser here, so the frontmatter and bundled <script> blocks of
  // every .astro file are linted as TypeScript in the file's own folder.
  it('holds in the frontmatter and scripts of every .astro file', async () => {
    const astroFiles = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.astro'));
    expect(astroFiles.length).toBeGreaterThan(0);
    for (const file of astroFiles) {
      const text = readFileSync(join(root, 'src', file), 'utf8');
      const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
      const scripts = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
      const path = relative(root, join(root, 'src', `${file}.ts`));
      for (const code of [frontmatter, ...scripts]) expect(await layeringErrors(code ?? '', path), file).toEqual([]);
    }
  });
});
