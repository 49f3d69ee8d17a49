// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Notice } from './notice';

afterEach(cleanup);

describe('Notice', () => {
  it('is an alert with its message and, when given, its action', () => {
    const onClick = vi.fn();
    render(<Notice action={{ label: 'Try again', onClick }}>We couldn't load the stores.</Notice>);
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load the stores.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('takes focus only when a ref is given', () => {
    const ref = createRef<HTMLDivElement>();
    const { rerender } = render(<Notice>Declined</Notice>);
    expect(screen.getByRole('alert').getAttribute('tabindex')).toBeNull();
    rerender(<Notice ref={ref}>Declined</Notice>);
    expect(screen.getByRole('alert').getAttribute('tabindex')).toBe('-1');
    expect(ref.current).toBe(screen.getByRole('alert'));
  });
});
