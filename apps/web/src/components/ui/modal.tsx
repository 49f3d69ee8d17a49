import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** the heading; plain text, or parts (e.g. a label and a name) that read as one line */
  title: ReactNode;
  children?: ReactNode;
  /** buttons, stacked full width under the content */
  actions?: ReactNode;
  /** called on Escape or a tap on the backdrop; omit when the spec gives the modal no way out but its buttons */
  onDismiss?: () => void;
  /** what takes focus on open: the first control (default) or the dialog itself, for long texts read from the top */
  initialFocus?: 'first-control' | 'dialog';
  /** a description for screen readers: the id of the modal's main text */
  describedById?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Whether two elements are one stop of the Tab order: the same element, or radios of one group,
 * which Tab passes over as one (it stops only on the group's checked radio).
 */
function sameTabStop(a: Element | null, b: Element | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  return (
    a instanceof HTMLInputElement &&
    b instanceof HTMLInputElement &&
    a.type === 'radio' &&
    b.type === 'radio' &&
    a.name !== '' &&
    a.name === b.name &&
    a.form === b.form
  );
}

/** Where Tab lands on an element's stop: for a radio, its group's checked radio when there is one. */
function landingOf(element: HTMLElement | undefined, within: HTMLElement): HTMLElement | undefined {
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio') return element;
  const group = Array.from(within.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
  return group.find((radio) => radio.checked && sameTabStop(radio, element)) ?? element;
}

/** Open modals, so only the top one handles keys and the page stays inert until the last closes. */
const openStack: HTMLElement[] = [];

function setPageInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) root.setAttribute('inert', '');
  else root.removeAttribute('inert');
  document.body.style.overflow = inert ? 'hidden' : '';
}

/**
 * Gives focus back to what opened a modal. When the modal's work took its opener away (a coupon
 * applied hides 'Use a coupon'), focus goes to the screen's heading instead of being lost, and the
 * page is left with the heading wholly in view below the sticky top, not clipped under it.
 */
function returnFocus(opener: HTMLElement | null) {
  if (opener && opener.isConnected && !opener.closest('[inert]')) {
    opener.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'nearest' });
}

/**
 * A real dialog: role=dialog with aria-modal, labelled by its title; focus moves in on open, Tab
 * stays inside, Escape closes when allowed, and focus returns to the element that opened it.
 */
export function Modal({
  open,
  title,
  children,
  actions,
  onDismiss,
  initialFocus = 'first-control',
  describedById,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(dialog);
    setPageInert(true);

    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = initialFocus === 'dialog' ? dialog : (landingOf(focusables()[0], dialog) ?? dialog);
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        if (dismissRef.current) {
          event.preventDefault();
          dismissRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (sameTabStop(active, firstItem) || !dialog.contains(active))) {
        event.preventDefault();
        landingOf(lastItem, dialog)?.focus();
      } else if (!event.shiftKey && (sameTabStop(active, lastItem) || !dialog.contains(active))) {
        event.preventDefault();
        landingOf(firstItem, dialog)?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openStack.indexOf(dialog);
      if (index >= 0) openStack.splice(index, 1);
      if (openStack.length === 0) setPageInert(false);
      returnFocus(opener);
    };
    // Focus handling runs once per opening; initialFocus is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A body long enough to scroll takes keyboard focus, so its text can be scrolled without a pointer.
  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    const update = () => {
      if (body.scrollHeight > body.clientHeight + 1) body.tabIndex = 0;
      else body.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [open, children]);

  if (!open) return null;
  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onDismiss?.();
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        {...(describedById ? { 'aria-describedby': describedById } : {})}
        tabIndex={-1}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children !== undefined && (
          <div ref={bodyRef} className={styles.body}>
            {children}
          </div>
        )}
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
