import type { ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A button of a server-rendered island: it says aria-disabled in the server's HTML and while
 * hydrating, where a click would be lost, and answers once its island has hydrated.
 *
 * Only this button renders again when hydration ends: its children come from the component that
 * placed it, which does not, so React keeps them as they are. A row or a header that asked
 * useHydrated itself would render its whole subtree a second time (every row of a list, in one
 * task, right after the slices of hydration).
 */
export function HydratedButton(props: ComponentProps<'button'>) {
  const hydrated = useHydrated();
  return <button type="button" {...props} aria-disabled={!hydrated || undefined} />;
}
