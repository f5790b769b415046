import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = join(import.meta.dirname, '../../../src');

/** Our style sheets: the .css files under src/ and the <style> blocks of .astro components, comments removed. */
export function styleSources(): { file: string; css: string }[] {
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.css') || path.endsWith('.astro'))
    .map((path) => {
      const text = readFileSync(join(src, path), 'utf8');
      const css = path.endsWith('.css') ? text : [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
      return { file: path, css: css.replace(/\/\*[\s\S]*?\*\//g, '') };
    });
}
