import { ICON_PATHS, iconClassOf, type IconName } from './icon-paths';

interface IconProps {
  name: IconName;
  filled?: boolean;
  size?: number;
}

/** An icon of the product's set, for React islands (Icon.astro is its twin for pages). */
export function Icon({ name, filled = false, size = 20 }: IconProps) {
  return (
    <svg className={iconClassOf(name, filled)} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
