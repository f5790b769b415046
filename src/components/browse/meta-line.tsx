import { Fragment, type ReactNode } from 'react';

/**
 * A detail header's meta line ("2019 • Luna • 12 songs • album"): the parts it has, a bullet
 * between each two. A part the provider left out (no artists, no year, no count) is null or '',
 * and goes with its bullet: an album with no artists read "2019 • • 1 song". Null when there is
 * no part at all, so the header leaves the line out.
 */
export function metaLine(parts: readonly ReactNode[]): ReactNode {
  const present = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  if (present.length === 0) return null;
  return present.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ' • ' : null}
      {part}
    </Fragment>
  ));
}
