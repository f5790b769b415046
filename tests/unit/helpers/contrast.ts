// WCAG 2's relative luminance and contrast ratio, for the tests that hold colours to AA.

/** The red, green and blue of a #rrggbb colour. */
export const channels = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The contrast ratio of two colours, each a #rrggbb text or its channels. */
export function contrast(a: string | number[], b: string | number[]): number {
  const rgb = (colour: string | number[]) => (typeof colour === 'string' ? channels(colour) : colour);
  const [light, dark] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
