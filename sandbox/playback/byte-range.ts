/**
 * HTTP Range for a single byte range (RFC 9110 §14): what browsers send when
 * they seek in an audio element. Several ranges at once are answered with the
 * whole file, which the RFC allows and no browser needs otherwise.
 */

export interface ByteRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/** The range to send, 'unsatisfiable' for a 416, or null to send the whole file. */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size : Math.min(size, Number(last) + 1);
  if (end <= start) return null;
  return { start, end };
}
