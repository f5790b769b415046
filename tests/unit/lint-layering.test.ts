// The layering rules of eslint.config.js, run through ESLint's own API on small
// snippets placed (by file path) in the folder each rule guards: each must bite,
// and the imports each folder is allowed must pass.
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const LAYERING_RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax', 'no-restricted-globals', 'no-restricted-properties'];

/** The layering rules a snippet breaks, as `rule: message` lines. */
async function layeringErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((message) => LAYERING_RULES.includes(message.ruleId ?? '')).map((message) => `${message.ruleId}: ${message.message}`);
}

/** What each layer rule refuses: one import source per forbidden target, as a path from src/ or a package. */
const TARGETS: Record<string, string[]> = {
  sandbox: ['../sandbox/app'],
  stateLibrary: ['nanostores', '@nanostores/router'],
  http: ['wretch'],
  storeHook: ['@nanostores/react'],
  stores: ['stores/session'],
  framework: ['react', 'react-dom/client', '@nanostores/react', 'astro:transitions/client'],
  views: ['islands/shell/Toasts', 'components/Icon'],
  api: ['api/albums'],
  islands: ['islands/shell/TopBar'],
  server: ['server/session-tokens'],
  browser: ['stores/session', 'islands/shell/TopBar', 'playback/sdk'],
};

/**
 * Each folder block of eslint.config.js and every layer rule it must carry. A block replaces
 * the one before it for its files, so each rule is proved in each block that carries it.
 */
const BLOCKS: [file: string, layers: string[]][] = [
  ['src/lib/links.ts', ['sandbox', 'stateLibrary', 'http', 'server']],
  ['src/server/session-tokens.ts', ['sandbox', 'stateLibrary', 'http', 'browser']],
  ['src/api/albums.ts', ['sandbox', 'stateLibrary', 'stores', 'server']],
  ['src/stores/album.ts', ['sandbox', 'framework', 'views', 'http', 'server']],
  ['src/islands/album/AlbumView.tsx', ['sandbox', 'stateLibrary', 'api', 'http', 'server', 'storeHook']],
  ['src/components/shell/Bar.tsx', ['sandbox', 'stateLibrary', 'api', 'islands', 'http', 'server', 'storeHook']],
  ['src/components/server-snapshot.tsx', ['sandbox', 'stateLibrary', 'api', 'islands', 'http', 'server']],
];

/** The source as written in `file`: a relative path for a folder under src/ (or the sandbox beside it), else the package. */
function sourceFrom(file: string, target: string): string {
  if (!target.includes('/') || target.startsWith('@') || target.startsWith('react-dom') || target.startsWith('astro:')) return target;
  const path = relative(dirname(join(root, file)), join(root, 'src', target)).replaceAll('\\', '/');
  return path.startsWith('.') ? path : `./${path}`;
}

const BITES = BLOCKS.flatMap(([file, layers]) =>
  layers.flatMap((layer) =>
    TARGETS[layer]!.flatMap((target) => {
      const source = sourceFrom(file, target);
      return [
        [layer, source, file, 'import', `import * as m from '${source}';\nexport const s = m;`, 'no-restricted-imports'],
        [layer, source, file, 'import()', `export const load = () => import('${source}');`, 'no-restricted-syntax'],
      ] as const;
    }),
  ),
);

describe('layering held by lint', () => {
  it.each(BITES)('%s: refuses %s in %s by %s', async (_layer, _source, filePath, _how, code, rule) => {
    const errors = await layeringErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(rule);
  });

  it.each([
    ['window.fetch', 'src/stores/album.ts', "export const load = () => window.fetch('/v1/albums');", 'no-restricted-properties'],
    ['global fetch', 'src/islands/album/AlbumView.tsx', "export const load = () => fetch('/v1/albums');", 'no-restricted-globals'],
    ['globalThis.fetch', 'src/lib/colors.ts', "export const load = () => globalThis.fetch('/x');", 'no-restricted-properties'],
    ['self.fetch', 'src/components/Tracks.tsx', "export const load = () => self.fetch('/x');", 'no-restricted-properties'],
  ])('refuses %s (%s)', async (_what, filePath, code, rule) => {
    const errors = await layeringErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(rule);
  });

  it('allows what each folder may use', async () => {
    const allowed: [string, string][] = [
      ['src/api/client.ts', "import wretch from 'wretch';\nimport { callApi } from './client';\nexport const load = () => fetch('/v1') && callApi({ path: 'x' }) && wretch('/v1');"],
      ['src/stores/album.ts', "import { atom } from 'nanostores';\nimport { getAlbum } from '../api/albums';\nexport const s = [atom, getAlbum];"],
      ['src/islands/album/AlbumView.tsx', "import { useStore } from '../../components/server-snapshot';\nimport type { ReadableAtom } from 'nanostores';\nimport type { Track } from '../../api/types';\nimport { $album } from '../../stores/album';\nimport { Icon } from '../../components/Icon';\nexport const s = [useStore, $album, Icon];\nexport type T = [Track, ReadableAtom, import('../../api/types').Album];\nexport const later = () => import('../../stores/album');"],
      ['src/components/server-snapshot.tsx', "import { useStore } from '@nanostores/react';\nexport const s = useStore;"],
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
