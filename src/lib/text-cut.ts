/**
 * `text` cut to at most `length` UTF-16 units (as an input's maxLength counts), never through a
 * character beyond the basic plane (an emoji is two units: half of one would show as '�').
 */
export function cutText(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}
