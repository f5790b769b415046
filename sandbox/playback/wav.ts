import { planMelody, sampleAt, SAMPLE_RATE, type MelodyPlan } from './melody';

/**
 * A track's audio as a WAV file (PCM, 16 bit, mono, 8 kHz): a format every
 * browser plays, small enough to stream (16 kB a second), and trivially
 * seekable because byte offsets map straight to sample indices.
 */

const HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

export interface TrackAudio {
  plan: MelodyPlan;
  /** Total size of the WAV file in bytes. */
  byteLength: number;
}

export function trackAudio(trackId: string, durationMs: number): TrackAudio {
  const plan = planMelody(trackId, durationMs);
  return { plan, byteLength: HEADER_BYTES + plan.totalSamples * BYTES_PER_SAMPLE };
}

function header(dataBytes: number): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * BYTES_PER_SAMPLE, true);
  view.setUint16(32, BYTES_PER_SAMPLE, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}

/**
 * Bytes [start, end) of the track's WAV file. A range may start or end in the
 * middle of a sample; each sample is still computed once from its index.
 */
export function renderWavBytes(audio: TrackAudio, start: number, end: number): Uint8Array {
  const from = Math.max(0, start);
  const to = Math.min(audio.byteLength, end);
  const out = new Uint8Array(Math.max(0, to - from));
  if (out.length === 0) return out;
  if (from < HEADER_BYTES) {
    out.set(header(audio.byteLength - HEADER_BYTES).subarray(from, Math.min(HEADER_BYTES, to)), 0);
  }
  const dataFrom = Math.max(from, HEADER_BYTES) - HEADER_BYTES;
  const dataTo = to - HEADER_BYTES;
  if (dataTo <= dataFrom) return out;
  const firstSample = Math.floor(dataFrom / BYTES_PER_SAMPLE);
  const lastSample = Math.ceil(dataTo / BYTES_PER_SAMPLE);
  const pcm = new Uint8Array((lastSample - firstSample) * BYTES_PER_SAMPLE);
  const view = new DataView(pcm.buffer);
  for (let s = firstSample; s < lastSample; s++) {
    const value = Math.max(-1, Math.min(1, sampleAt(audio.plan, s)));
    view.setInt16((s - firstSample) * BYTES_PER_SAMPLE, Math.round(value * 26000), true);
  }
  const skip = dataFrom - firstSample * BYTES_PER_SAMPLE;
  out.set(pcm.subarray(skip, skip + (dataTo - dataFrom)), Math.max(from, HEADER_BYTES) - from);
  return out;
}
