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

const countFormat = new Intl.NumberFormat('en-US');

/** "12,345 followers"; zero, null or a non-number gives "". */
export function formatCount(value: number | null | undefined, label = 'followers'): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return '';
  return label ? `${countFormat.format(value)} ${label}` : countFormat.format(value);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Mar 5, 2024" from a provider date or timestamp; "" when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  // A date without a time is a calendar date: read and show it in UTC so no timezone moves its day.
  const date = new Date(/^\d{4}$/.test(value) ? `${value}-01-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
