import type { ReactNode } from 'react';
import { failureOf, type DetailState } from '../../stores/detail-area';
import { ErrorScreen } from '../ErrorScreen';
import { HeaderSkeleton, RowSkeletons } from './Skeletons';
import { ImagePreview } from './ImagePreview';
import { NotAvailable } from './NotAvailable';

interface DetailPageProps<T> {
  state: DetailState<T, Record<string, unknown>>;
  /** SPEC §8's message for an absent entity ("Album Not Found"). */
  notFound: string;
  children: (data: T) => ReactNode;
}

/** The frame of every detail page: its loading, not-found, not-available and error states, then its content on the area's colour. */
export function DetailPage<T>({ state, notFound, children }: DetailPageProps<T>) {
  const failure = failureOf(state);
  let body: ReactNode;
  if (failure === 'not-found') body = <ErrorScreen kind="data_not_found" title={notFound} />;
  else if (failure === 'unavailable') body = <NotAvailable />;
  else if (failure === 'error') body = <ErrorScreen kind="something_went_wrong" />;
  else if (!state.data) {
    body = (
      <>
        <HeaderSkeleton />
        <RowSkeletons />
      </>
    );
  } else body = children(state.data);
  return (
    <div className="detail-area" style={{ '--area-color': state.background } as React.CSSProperties}>
      {body}
      <ImagePreview />
    </div>
  );
}
