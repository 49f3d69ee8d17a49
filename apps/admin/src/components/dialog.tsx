import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (the browser's own <dialog>, so the page behind is inert and Escape closes it):
 * focus moves into it when it opens (to the element marked autoFocus, else its first field or
 * button) and back to where it was when it closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  /** Escape, the close button or a Cancel: the caller unmounts the dialog */
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first =
      dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button:not(.dialog-close)');
    first?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      // the opener may have left the page meanwhile (a row that was re-read): then the page's heading
      if (opener?.isConnected) opener.focus();
      else document.querySelector<HTMLElement>('main h1')?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
