import { ICON_PATHS, type IconName } from './icon-paths';

interface IconProps {
  name: IconName;
  filled?: boolean;
  size?: number;
}

/** An icon of the product's set, for React islands (Icon.astro is its twin for pages). */
export function Icon({ name, filled = false, size = 20 }: IconProps) {
  const strokeWidth = name === 'more' ? 3.5 : 2;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
