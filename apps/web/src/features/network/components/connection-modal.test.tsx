// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConnectionModal } from './connection-modal';

afterEach(cleanup);

describe("'Connection troubles!' modal (spec §2 Modals, §8)", () => {
  it('shows the spec texts with the venue name and an Ok button that closes it', () => {
    const onClose = vi.fn();
    render(<ConnectionModal open venueName="Harbourside Stadium" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Connection troubles!' });
    expect(dialog.textContent).toContain('Having trouble connecting to Harbourside Stadium.');
    expect(screen.getByText('Having trouble connecting to Harbourside Stadium.')).toBeTruthy();
    expect(screen.getByText('Please check your WiFi or 3G/4G network strength then refresh the page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is not shown while the network works', () => {
    render(<ConnectionModal open={false} venueName="Harbourside Stadium" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
