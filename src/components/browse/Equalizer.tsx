/**
 * The mark of the track that plays, in a row or on a tile: three bars that rise and fall.
 * Each bar moves by a transform of its own (track-rows.css), which the compositor animates
 * without the page's main thread.
 */
export function Equalizer({ className }: { className?: string }) {
  return (
    <span className={className ? `equalizer ${className}` : 'equalizer'} aria-hidden="true">
      <span className="equalizer__bar" />
      <span className="equalizer__bar" />
      <span className="equalizer__bar" />
    </span>
  );
}
