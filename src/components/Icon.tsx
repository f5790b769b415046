import { ICON_PATHS, SOLID_ICONS, strokeWidthOf, type IconName } from './icon-paths';

interface IconProps {
  name: IconName;
  filled?: boolean;
  size?: number;
}

/** An icon of the product's set, for React islands (Icon.astro is its twin for pages). */
export function Icon({ name, filled = false, size = 20 }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled || SOLID_ICONS.includes(name) ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidthOf(name)}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
