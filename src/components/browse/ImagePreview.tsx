import { useStore } from '../server-snapshot';
import { useLayoutEffect, useRef } from 'react';
import { $ui, closeImagePreview } from '../../stores/ui';
import { useFocusTrap } from '../use-focus-trap';
import { DEFAULT_COVER, useFallbackImage } from '../fallback-image';

/**
 * SPEC §2/§4's image preview dialog, at most 600 px wide: it closes only with
 * its Close button, never by a click on the backdrop or Escape.
 */
export function ImagePreview() {
  const { openDialogImagePreview, imagePreviewUrl, imagePreviewName } = useStore($ui);
  const dialog = useRef<HTMLDialogElement>(null);
  // The header's cover fell back already when its picture failed: the preview does the same.
  const picture = useFallbackImage(imagePreviewUrl ?? DEFAULT_COVER);

  // In the commit, as the trap below listens from it: the dialog is open when focus moves into it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (openDialogImagePreview && !element.open) element.showModal();
    if (!openDialogImagePreview && element.open) element.close();
  }, [openDialogImagePreview]);
  // After the effect above. A modal dialog lets Tab out to the browser's own controls; the
  // preview keeps it on its Close button.
  useFocusTrap(dialog, openDialogImagePreview);

  return (
    <dialog
      ref={dialog}
      className="image-preview"
      aria-label="Image preview"
      // Escape would close a modal dialog by itself; SPEC keeps it open. Taken here, it closes
      // no panel under the preview either (use-escape-key.ts).
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
      }}
      onCancel={(event) => event.preventDefault()}
      // Chromium closes anyway on a second Escape without a click between: open it again.
      onClose={() => $ui.get().openDialogImagePreview && dialog.current?.showModal()}
    >
      {openDialogImagePreview ? (
        <img ref={picture.ref} className="image-preview__image" src={picture.src} alt={imagePreviewName ? `Picture of ${imagePreviewName}` : 'Picture'} width={600} height={600} onError={picture.fail} />
      ) : null}
      <button type="button" className="button" onClick={closeImagePreview}>
        Close
      </button>
    </dialog>
  );
}
