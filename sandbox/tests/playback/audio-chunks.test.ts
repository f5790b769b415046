import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, createAudioChunks } from '../../playback/audio-chunks';
import { renderWavBytes, trackAudio } from '../../playback/wav';

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('audio chunks', () => {
  const audio = trackAudio('chunked', 9_000);

  it('streams exactly the requested bytes, across chunk edges and from the cache', async () => {
    const chunks = createAudioChunks();
    for (const [start, end] of [[0, audio.byteLength], [CHUNK_BYTES - 3, CHUNK_BYTES + 5], [1, 2], [70_000, audio.byteLength]] as const) {
      expect(await collect(chunks.stream('chunked', audio, start, end))).toEqual(renderWavBytes(audio, start, end));
    }
    const cached = chunks.size();
    expect(cached).toBe(Math.ceil(audio.byteLength / CHUNK_BYTES));
    await collect(chunks.stream('chunked', audio, 0, audio.byteLength));
    expect(chunks.size()).toBe(cached);
  });

  it('forgets the least recently used chunk beyond its size', async () => {
    const chunks = createAudioChunks(2);
    await collect(chunks.stream('chunked', audio, 0, 3 * CHUNK_BYTES));
    expect(chunks.size()).toBe(2);
    expect(await collect(chunks.stream('chunked', audio, 0, 10))).toEqual(renderWavBytes(audio, 0, 10));
  });
});
