import type { Context, Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { isArtId, isArtKind, renderArt } from './art';
import { createAudioChunks } from './audio-chunks';
import { parseByteRange } from './byte-range';
import { hashString } from '../catalogue/random';
import { trackAudio } from './wav';

/**
 * /img/{kind}/{id}.svg and /audio/{trackId}: generated media. A URL always
 * names the same bytes, so both are cacheable as immutable with an ETag.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notModified(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag);
}

export function registerMedia(app: Hono<SandboxEnv>, ctx: SandboxContext) {
  const svgCache = new Map<string, string>();
  const audioChunks = createAudioChunks();

  app.get('/img/:kind/:file', (c) => {
    const kind = c.req.param('kind');
    const file = c.req.param('file');
    const id = file.endsWith('.svg') ? file.slice(0, -4) : file;
    if (!isArtKind(kind) || !isArtId(id)) return ctx.apiError(c, 404, 'Image not found');
    const key = `${kind}/${id}`;
    const etag = `"img-${hashString(key).toString(36)}"`;
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
    if (notModified(c, etag)) return c.body(null, 304, headers);
    let svg = svgCache.get(key);
    if (!svg) {
      svg = renderArt(kind, id);
      if (svgCache.size > 5_000) svgCache.clear();
      svgCache.set(key, svg);
    }
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });

  app.get('/audio/:trackId', (c) => {
    const trackId = c.req.param('trackId');
    const row = ctx.objects.trackRow(trackId);
    if (!row) return ctx.apiError(c, 404, 'Track not found');
    const audio = trackAudio(row.id, row.duration_ms);
    const etag = `"audio-${row.id}-${row.duration_ms}"`;
    const headers: Record<string, string> = {
      'Cache-Control': IMMUTABLE,
      ETag: etag,
      'Accept-Ranges': 'bytes',
      'Content-Type': 'audio/wav',
    };
    if (notModified(c, etag)) return c.body(null, 304, headers);
    // A Range with a stale If-Range validator gets the whole file, as RFC 9110 says.
    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? null : parseByteRange(c.req.header('range'), audio.byteLength);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${audio.byteLength}` });
    }
    if (c.req.method === 'HEAD') {
      return c.body(null, 200, { ...headers, 'Content-Length': String(audio.byteLength) });
    }
    if (range === null) {
      return c.body(audioChunks.stream(row.id, audio, 0, audio.byteLength), 200, { ...headers, 'Content-Length': String(audio.byteLength) });
    }
    return c.body(audioChunks.stream(row.id, audio, range.start, range.end), 206, {
      ...headers,
      'Content-Length': String(range.end - range.start),
      'Content-Range': `bytes ${range.start}-${range.end - 1}/${audio.byteLength}`,
    });
  });
}
