import type { ReactNode } from 'react';
import { entityPartState, type DetailState } from '../../stores/detail-area';
import { HeaderSkeleton, RowSkeletons } from './Skeletons';
import { ImagePreview } from './ImagePreview';
import { NotAvailable } from './NotAvailable';
import { PartBody } from './PartBody';

interface DetailPageProps<T> {
  state: DetailState<T, Record<string, unknown>>;
  /** SPEC §8's message for an absent entity ("Album Not Found"). */
  notFound: string;
  /**
   * Where the provider may not offer the entity to this app (another user, in development mode):
   * the page's heading then, and what the note says is not available ("This user's profile").
   */
  unavailable?: { heading: string; what: string };
  /**
   * Loads the page's part again (its area's `load`): a page whose entity failed offers Try again,
   * as every failed list does. Not needed by a part the server renders only once its head came.
   */
  reload?: (id: string) => Promise<void>;
  children: (data: T) => ReactNode;
}

/** The frame of every detail page: its loading, not-found, not-available and error states, then its content on the area's colour. */
export function DetailPage<T>({ state, notFound, unavailable, reload, children }: DetailPageProps<T>) {
  const part = entityPartState(state);
  const skeleton = (
    <>
      <HeaderSkeleton />
      <RowSkeletons />
    </>
  );
  return (
    <div className="detail-area" style={{ '--area-color': state.background } as React.CSSProperties}>
      {part === 'unavailable' && unavailable ? (
        // A page like the others that lack a part: a heading, then what it lacks (a bare note
        // said only "Not available for this app", flush under the top bar).
        <>
          <h1 className="page-heading">{unavailable.heading}</h1>
          <NotAvailable what={unavailable.what} />
        </>
      ) : (
        <PartBody state={part} skeleton={skeleton} notFound={notFound} wholePage onRetry={reload ? () => void reload(state.id) : undefined}>
          {() => (state.data ? children(state.data) : null)}
        </PartBody>
      )}
      <ImagePreview />
    </div>
  );
}
