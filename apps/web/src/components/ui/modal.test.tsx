// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from './modal';

afterEach(cleanup);

function Harness({ onDismiss = true }: { onDismiss?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal
        open={open}
        title="Pick one"
        {...(onDismiss ? { onDismiss: () => setOpen(false) } : {})}
        actions={
          <>
            <button>First</button>
            <button onClick={() => setOpen(false)}>Last</button>
          </>
        }
      >
        <p>Body text</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, and takes focus on open', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Pick one' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
  });

  it('keeps Tab inside the dialog in both directions', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('keeps Tab inside when a radio group is its first or last stop, whichever radio of it has focus', () => {
    render(
      <Modal open title="Choose">
        <fieldset>
          <legend>Size</legend>
          <input type="radio" name="size" aria-label="Small" />
          <input type="radio" name="size" aria-label="Large" defaultChecked />
        </fieldset>
        <button>Add</button>
        <fieldset>
          <legend>Milk</legend>
          <input type="radio" name="milk" aria-label="None" defaultChecked />
          <input type="radio" name="milk" aria-label="Oat" />
        </fieldset>
      </Modal>,
    );
    // Tab stops on a group's checked radio only: Shift+Tab from 'Large' leaves the group, so it
    // wraps, to the last group's checked radio
    screen.getByRole('radio', { name: 'Large' }).focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'None' }));
    // and Tab from 'Oat', in the last group, wraps to the first group's checked radio
    screen.getByRole('radio', { name: 'Oat' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Large' }));
  });

  it('closes on Escape when it may be dismissed and returns focus to the opener', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('ignores Escape when it has no way out but its buttons', () => {
    const onDismiss = vi.fn();
    render(<Harness onDismiss={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Pick one' })).toBeTruthy();
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("gives focus to the screen's heading, scrolled into view, when the modal's work took its opener away", () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    function Coupon() {
      const [open, setOpen] = useState(false);
      const [applied, setApplied] = useState(false);
      return (
        <main>
          <h1>Enter Payment Details</h1>
          {!applied && <button onClick={() => setOpen(true)}>Use a coupon</button>}
          <Modal
            open={open}
            title="Use a coupon"
            actions={
              <button
                onClick={() => {
                  setApplied(true);
                  setOpen(false);
                }}
              >
                Apply
              </button>
            }
          />
        </main>
      );
    }
    render(<Coupon />);
    const opener = screen.getByRole('button', { name: 'Use a coupon' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Enter Payment Details' });
    expect(document.activeElement).toBe(heading);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
  });
});
