import type { ReactNode } from 'react';
import { Icon } from '../Icon';

/**
 * A modal dialog on the shell's backdrop: titled, closed by its close button or Escape.
 * Its content focuses what the user most likely wants (autoFocus).
 */
export function Dialog({ title, id, onClose, children, className = '' }: { title: string; id: string; onClose: () => void; children: ReactNode; className?: string }) {
  return (
    <div
      className="dialog-backdrop"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className={`dialog ${className}`} role="dialog" aria-modal="true" aria-labelledby={id}>
        <button type="button" className="icon-button dialog__close" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
