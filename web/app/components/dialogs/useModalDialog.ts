import { type RefObject, useEffect, useRef } from 'react';

/**
 * Shows a <dialog> as a modal while `open`: showModal() makes the rest of the page inert (the focus trap),
 * puts the dialog in the top layer and turns Escape into a `cancel`, which asks `onClose` instead of
 * closing on its own. An element marked `data-autofocus` takes the focus first; when the dialog goes, the
 * focus goes back to the control that opened it.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref, open]);
}
