import { describe, expect, it, vi } from 'vitest';
import { PALETTE, randomPaletteColor } from '../../src/lib/colors';
import { formatCount, formatDate, formatDuration, formatSeconds, formatSongCount } from '../../src/lib/format';

describe('formatDuration', () => {
  it('shows mm:ss zero-padded', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5_000)).toBe('00:05');
    expect(formatDuration(215_999)).toBe('03:35');
    expect(formatDuration(3_725_000)).toBe('62:05');
    expect(formatSeconds(61)).toBe('01:01');
  });

  it('gives "00:00" when the value cannot be converted', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatDuration(undefined)).toBe('00:00');
    expect(formatDuration('abc')).toBe('00:00');
    expect(formatDuration(-1)).toBe('00:00');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('formatSongCount', () => {
  it("counts an album's or a playlist's songs by SPEC §9's rule: separators, the label, nothing for none", () => {
    expect(formatSongCount(1)).toBe('1 song');
    expect(formatSongCount(3)).toBe('3 songs');
    expect(formatSongCount(1500)).toBe('1,500 songs');
    expect(formatSongCount(0)).toBe('');
    expect(formatSongCount(null)).toBe('');
  });
});

describe('formatCount', () => {
  it('uses thousands separators and a trailing label, default "followers"', () => {
    expect(formatCount(1234567)).toBe('1,234,567 followers');
    expect(formatCount(12, 'saves')).toBe('12 saves');
    expect(formatCount(999, '')).toBe('999');
  });

  it('writes whole counts as Intl would in en-US, without Intl (its start costs a page 30-50 ms)', () => {
    const intl = new Intl.NumberFormat('en-US');
    const counts = [1, 9, 10, 999, 1000, 1001, 12_345, 999_999, 1_000_000, -1, -1234, -1_234_567, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, 1e21];
    for (let digits = 1; digits <= 15; digits++) counts.push(Math.floor(10 ** (digits - 1) * (1 + ((digits * 7919) % 9))));
    for (const count of counts) expect(formatCount(count, '')).toBe(intl.format(count));
  });

  it('shows nothing for zero or an absent count', () => {
    expect(formatCount(0)).toBe('');
    expect(formatCount(null)).toBe('');
    expect(formatCount(undefined, 'monthly listeners')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows US English short month, day, year without a timezone shift', () => {
    expect(formatDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDate('2023-12-31T23:30:00Z')).toBe('Dec 31, 2023');
    expect(formatDate('1999')).toBe('Jan 1, 1999');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('writes every month and day as Intl would in en-US (UTC), without Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 366 * 3; day += 7) {
      const date = new Date(Date.UTC(2023, 0, 1 + day, 23, 59));
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
    expect(formatDate('1987-06')).toBe('Jun 1, 1987');
  });
});

describe('colors', () => {
  it('picks palette colours', () => {
    expect(randomPaletteColor(() => 0)).toBe(PALETTE[0]);
    expect(randomPaletteColor(() => 0.9999)).toBe(PALETTE[PALETTE.length - 1]);
    expect(new Set(PALETTE).size).toBe(PALETTE.length);
  });
});
