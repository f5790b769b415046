import type { ReactNode } from 'react';
import { entityPartState, type DetailState } from '../../stores/detail-area';
import { HeaderSkeleton, RowSkeletons } from './Skeletons';
import { ImagePreview } from './ImagePreview';
import { PartBody } from './PartBody';

interface DetailPageProps<T> {
  state: DetailState<T, Record<string, unknown>>;
  /** SPEC §8's message for an absent entity ("Album Not Found"). */
  notFound: string;
  children: (data: T) => ReactNode;
}

/** The frame of every detail page: its loading, not-found, not-available and error states, then its content on the area's colour. */
export function DetailPage<T>({ state, notFound, children }: DetailPageProps<T>) {
  const skeleton = (
    <>
      <HeaderSkeleton />
      <RowSkeletons />
    </>
  );
  return (
    <div className="detail-area" style={{ '--area-color': state.background } as React.CSSProperties}>
      <PartBody state={entityPartState(state)} skeleton={skeleton} notFound={notFound} wholePage>
        {() => (state.data ? children(state.data) : null)}
      </PartBody>
      <ImagePreview />
    </div>
  );
}
