import { describe, expect, it } from 'vitest';
import { isArtId, isArtKind, renderArt, ART_KINDS } from '../../playback/art';
import { parseByteRange } from '../../playback/byte-range';
import { SAMPLE_RATE } from '../../playback/melody';
import { renderWavBytes, trackAudio } from '../../playback/wav';

function pcmSamples(bytes: Uint8Array): Int16Array {
  const copy = bytes.slice(44);
  return new Int16Array(copy.buffer, 0, Math.floor(copy.length / 2));
}

/** The dominant zero-crossing rate of a window, a rough pitch estimate in Hz. */
function crossingsPerSecond(samples: Int16Array): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings++;
  }
  return (crossings / 2) * (SAMPLE_RATE / samples.length);
}

describe('generated art', () => {
  it('is a deterministic SVG per kind and id', () => {
    for (const kind of ART_KINDS) {
      const svg = renderArt(kind, '4aawyAB9vmqN3uQ7FjRGTy');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(renderArt(kind, '4aawyAB9vmqN3uQ7FjRGTy')).toBe(svg);
    }
  });

  it('differs between ids and kinds', () => {
    expect(renderArt('album', 'a1')).not.toBe(renderArt('album', 'a2'));
    expect(renderArt('artist', 'a1')).not.toBe(renderArt('user', 'a1'));
  });

  it('validates kinds and ids', () => {
    expect(isArtKind('album')).toBe(true);
    expect(isArtKind('track')).toBe(false);
    expect(isArtId('abcXYZ019_-')).toBe(true);
    expect(isArtId('../etc/passwd')).toBe(false);
    expect(isArtId('x'.repeat(65))).toBe(false);
    expect(isArtId('aarav.sharma')).toBe(true);
    for (const bad of ['..', '.hidden', 'trailing.', 'a..b', 'a/b']) expect(isArtId(bad)).toBe(false);
  });
});

describe('track audio', () => {
  it('has a WAV header that matches the duration', () => {
    const audio = trackAudio('track-1', 2500);
    const bytes = renderWavBytes(audio, 0, audio.byteLength);
    const view = new DataView(bytes.buffer);
    const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
    expect(text(0)).toBe('RIFF');
    expect(text(8)).toBe('WAVE');
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(bytes.length - 44);
    expect((bytes.length - 44) / 2 / SAMPLE_RATE).toBeCloseTo(2.5, 3);
  });

  it('is deterministic per track and differs between tracks', () => {
    const a = trackAudio('track-a', 3000);
    const b = trackAudio('track-b', 3000);
    expect(renderWavBytes(a, 0, a.byteLength)).toEqual(renderWavBytes(trackAudio('track-a', 3000), 0, a.byteLength));
    expect(renderWavBytes(a, 0, a.byteLength)).not.toEqual(renderWavBytes(b, 0, b.byteLength));
  });

  it('answers any byte range with the same bytes as the whole file', () => {
    const audio = trackAudio('range-track', 4000);
    const whole = renderWavBytes(audio, 0, audio.byteLength);
    for (const [start, end] of [[0, 10], [3, 47], [43, 45], [1001, 2002], [20001, 20002], [audio.byteLength - 5, audio.byteLength + 100]] as const) {
      expect(renderWavBytes(audio, start, end)).toEqual(whole.subarray(start, Math.min(end, audio.byteLength)));
    }
  });

  it('is an audible melody, not a flat tone or silence', () => {
    const audio = trackAudio('melody-track', 12000);
    const samples = pcmSamples(renderWavBytes(audio, 0, audio.byteLength));
    const window = SAMPLE_RATE / 8;
    const pitches = new Set<number>();
    let loudWindows = 0;
    for (let start = SAMPLE_RATE; start + window < samples.length - SAMPLE_RATE * 2; start += window) {
      const slice = samples.subarray(start, start + window);
      const peak = slice.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
      if (peak > 3000) loudWindows++;
      pitches.add(Math.round(crossingsPerSecond(slice) / 20));
    }
    expect(loudWindows).toBeGreaterThan(20);
    expect(pitches.size).toBeGreaterThanOrEqual(4);
  });
});

describe('byte ranges', () => {
  it('parses the forms browsers send', () => {
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange('bytes=0-', 100)).toEqual({ start: 0, end: 100 });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 20 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 100 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 100 });
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseByteRange('items=0-1', 100)).toBeNull();
    expect(parseByteRange('bytes=5-2', 100)).toBeNull();
  });
});
