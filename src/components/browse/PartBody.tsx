import type { ReactNode } from 'react';
import type { PartState } from '../../lib/part-state';
import { ErrorScreen } from '../ErrorScreen';
import { focusContent } from '../use-focus-trap';
import { NotAvailable } from './NotAvailable';

interface PartBodyProps {
  /** What the part shows (lib/part-state.ts). */
  state: PartState;
  /** What shows until its answer comes. */
  skeleton: ReactNode;
  /** The catalogue's message for nothing ("No Recent Played Tracks Found"): a line in its section (compact), else the empty-data screen's title. */
  empty?: string;
  /** An empty part's own view in place of the catalogue's message (the user's new playlist says what to do next). */
  emptyView?: ReactNode;
  /** SPEC §8's message for an absent entity ("Album Not Found"). */
  notFound?: string;
  /** A part that is one section among others: its failure is the small error screen. */
  compact?: boolean;
  /** Where asking again can help: a failure offers Try again. */
  onRetry?: () => void;
  /** The part is the whole page (a detail page's entity): its error screen's title is the page's heading. */
  wholePage?: boolean;
  /** The part once its items are in. */
  children: () => ReactNode;
}

/**
 * Try again takes its error screen away (skeletons show, then the part): a control that removes
 * itself hands focus on, to the page's content, as the player's Close does, instead of dropping it
 * to the document, where the next Tab starts over from the top (WCAG 2.4.3).
 */
export function retryHandingFocusOn(retry: () => void): void {
  focusContent();
  retry();
}

/** A loading part of a page, in each of its states: one look for home's sections, lists, detail pages and their sections. */
export function PartBody({ state, skeleton, empty, emptyView, notFound, compact = false, onRetry, wholePage = false, children }: PartBodyProps) {
  const level = wholePage ? 1 : 2;
  switch (state) {
    case 'loading':
      return <>{skeleton}</>;
    case 'unavailable':
      return <NotAvailable />;
    case 'not-found':
      return <ErrorScreen kind="data_not_found" title={notFound} level={level} />;
    case 'error':
      return (
        <ErrorScreen kind="something_went_wrong" compact={compact} level={level}>
          {onRetry ? (
            <button type="button" className="button button--ghost" data-needs-script onClick={() => retryHandingFocusOn(onRetry)}>
              Try again
            </button>
          ) : null}
        </ErrorScreen>
      );
    case 'empty':
      if (emptyView) return <>{emptyView}</>;
      return compact && empty ? <p className="not-available">{empty}</p> : <ErrorScreen kind="data_not_found" title={empty} />;
    case 'ready':
      return <>{children()}</>;
  }
}
