import { renderWavBytes, type TrackAudio } from './wav';

/**
 * Rendered audio kept in fixed, aligned chunks, most recently used last. A
 * browser fetches the same few tracks again and again (replays, seeks, every
 * test that plays the top track), and synthesising a whole track costs about a
 * second of CPU on these machines; a chunk served twice is rendered once.
 */

export const CHUNK_BYTES = 32 * 1024;

/** At most maxChunks chunks (32 MB by default, about eight four-minute tracks). */
export function createAudioChunks(maxChunks = 1024) {
  const chunks = new Map<string, Uint8Array>();

  function chunk(trackId: string, audio: TrackAudio, index: number): Uint8Array {
    const key = `${trackId}:${audio.byteLength}:${index}`;
    let bytes = chunks.get(key);
    if (bytes) {
      chunks.delete(key);
    } else {
      bytes = renderWavBytes(audio, index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES);
      if (chunks.size >= maxChunks) chunks.delete(chunks.keys().next().value as string);
    }
    chunks.set(key, bytes);
    return bytes;
  }

  return {
    /** A stream of bytes [start, end) of the track's WAV, one chunk per pull. */
    stream(trackId: string, audio: TrackAudio, start: number, end: number): ReadableStream<Uint8Array> {
      let offset = start;
      return new ReadableStream({
        pull(controller) {
          const index = Math.floor(offset / CHUNK_BYTES);
          const bytes = chunk(trackId, audio, index);
          const from = offset - index * CHUNK_BYTES;
          const to = Math.min(bytes.length, end - index * CHUNK_BYTES);
          controller.enqueue(bytes.subarray(from, to));
          offset = index * CHUNK_BYTES + to;
          if (offset >= end) controller.close();
        },
      });
    },
    size: () => chunks.size,
  };
}
