import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../Icon';
import { useModalEscape } from '../use-escape-key';
import { useFocusTrap } from '../use-focus-trap';

/**
 * A modal dialog on the shell's backdrop: titled, closed by its close button or Escape.
 * Its content focuses what the user most likely wants (autoFocus); Tab stays inside it, and
 * focus goes back where it was when it closes (use-focus-trap.ts). Its Escape is its own: the
 * panels under it (the queue, the devices) do not close with it (use-escape-key.ts), also when
 * the keyboard's focus is on the body (a click on its text, which takes no focus), where its
 * own key handler would not hear the key. `describedBy`: the id of its words beside the title
 * (ConfirmDialog's), which a screen reader reads with it as it opens.
 */
export function Dialog({
  title,
  id,
  onClose,
  children,
  className = '',
  role = 'dialog',
  describedBy,
}: {
  title: string;
  id: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  const onKeyDown = useModalEscape(true, onClose);
  const dialog = (
    <div className="dialog-backdrop" onKeyDown={onKeyDown}>
      <div ref={panel} className={`dialog ${className}`} role={role} aria-modal="true" aria-labelledby={id} aria-describedby={describedBy}>
        <button type="button" className="icon-button dialog__close" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
  // In the shell's dialog layer, not where it was opened: a detail header's white words, its
  // ghost buttons and its white focus ring reached into a dialog opened from there (Edit
  // details), unreadable on the light theme. The layer is kept through the client router's swaps
  // (App.astro), as the shell's own dialogs are; React's events still go through the island that
  // opened it, and a content island's dialog goes with its page.
  if (typeof document === 'undefined') return dialog;
  return createPortal(dialog, document.getElementById(DIALOG_LAYER_ID) ?? document.body);
}

/** The shell's place for dialogs (App.astro), kept across page swaps. */
export const DIALOG_LAYER_ID = 'dialog-layer';

interface Choice {
  label: string;
  onClick: () => void;
}

/**
 * A question with two answers: `cancel` (the quiet button) and `confirm` (the strong one).
 * `focus` says which one has focus when it opens: the safer answer where the other loses something.
 * Its words (what the answer will do) are its description, read with its title as it opens.
 * `destructive`: it confirms what loses something (a removal), an alertdialog (WAI-ARIA).
 */
export function ConfirmDialog({
  title,
  id,
  onClose,
  children,
  cancel,
  confirm,
  focus,
  destructive = false,
  className = '',
}: {
  title: string;
  id: string;
  onClose: () => void;
  children: ReactNode;
  cancel: Choice;
  confirm: Choice;
  focus: 'cancel' | 'confirm';
  destructive?: boolean;
  className?: string;
}) {
  return (
    <Dialog title={title} id={id} onClose={onClose} className={className} role={destructive ? 'alertdialog' : 'dialog'} describedBy={`${id}-text`}>
      <p id={`${id}-text`}>{children}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={cancel.onClick} autoFocus={focus === 'cancel'}>
          {cancel.label}
        </button>
        <button type="button" className="button" onClick={confirm.onClick} autoFocus={focus === 'confirm'}>
          {confirm.label}
        </button>
      </div>
    </Dialog>
  );
}
