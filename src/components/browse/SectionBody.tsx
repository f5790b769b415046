import type { ReactNode } from 'react';
import type { HomeSection } from '../../api/home';
import { ErrorScreen } from '../ErrorScreen';
import { NotAvailable } from './NotAvailable';

/**
 * A home section's states, in its row of home (`compact`) or as a page of its own (Recent
 * Played's): its skeleton until the provider answered, the note where the provider does not
 * offer it (DESIGN §2), the error screen (SPEC §8: home's failures are logged only, the section
 * says what a failed list says), the empty message, then what `children` makes of its items.
 */
export function SectionBody<T>({ section, skeleton, empty, compact = false, children }: {
  section: HomeSection<T>;
  skeleton: ReactNode;
  empty: string;
  compact?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (section.status === 'idle' || section.status === 'loading') return <>{skeleton}</>;
  if (section.status === 'unavailable') return <NotAvailable />;
  if (section.status === 'error') return <ErrorScreen kind="something_went_wrong" compact={compact} />;
  if (section.items.length === 0) return compact ? <p className="not-available">{empty}</p> : <ErrorScreen kind="data_not_found" title={empty} />;
  return <>{children(section.items)}</>;
}
