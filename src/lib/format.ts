/**
 * SPEC §9's display rules: durations as mm:ss zero-padded ("00:00" when the
 * value cannot be converted), counts with thousands separators and a trailing
 * label (zero or unknown shows nothing), dates in US English short form.
 */
export function formatDuration(milliseconds: unknown): string {
  try {
    const value = typeof milliseconds === 'string' ? Number(milliseconds) : milliseconds;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`Not a duration: ${String(milliseconds)}`);
    const seconds = Math.floor(value / 1000);
    const minutes = Math.floor(seconds / 60);
    return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  } catch (error) {
    console.error(error);
    return '00:00';
  }
}

/** Seconds (the progress bar's unit) as mm:ss. */
export function formatSeconds(seconds: number): string {
  return formatDuration(seconds * 1000);
}

/**
 * Whole counts and dates are written out here, not by Intl: the first Intl object a page makes
 * costs it 30-50 ms while ICU starts, inside the hydration of the page that shows the number.
 * A count that is not whole (never one of the provider's) still goes through Intl, made then.
 */
let fractionalCounts: Intl.NumberFormat | undefined;

/** "1,234,567" (en-US grouping) for any number. */
function groupedCount(value: number): string {
  if (!Number.isSafeInteger(value)) return (fractionalCounts ??= new Intl.NumberFormat('en-US')).format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** "12,345 followers"; zero, null or a non-number gives "". */
export function formatCount(value: number | null | undefined, label = 'followers'): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return '';
  const count = groupedCount(value);
  return label ? `${count} ${label}` : count;
}

/** A track count with its label ("1 song", "1,500 songs"), under SPEC §9's count rule: zero shows nothing. */
export function formatSongCount(value: number | null | undefined): string {
  return formatCount(value, value === 1 ? 'song' : 'songs');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 5, 2024" from a provider date or timestamp; "" when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  // A date without a time is a calendar date: read and show it in UTC so no timezone moves its day.
  const date = new Date(/^\d{4}$/.test(value) ? `${value}-01-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value);
  return Number.isNaN(date.getTime()) ? '' : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
