// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignIn } from './sign-in';

afterEach(cleanup);

describe('staff sign-in', () => {
  it('takes the token in a password field, shown only while its toggle is pressed', () => {
    const onSubmit = vi.fn();
    render(<SignIn busy={false} error={null} notice={null} onSubmit={onSubmit} />);
    const field = screen.getByLabelText<HTMLInputElement>('Staff token');
    expect(field.type).toBe('password');
    expect(field.autocomplete).toBe('off');
    fireEvent.change(field, { target: { value: ' vst_secret ' } });

    const toggle = screen.getByRole('button', { name: 'Show token', pressed: false });
    fireEvent.click(toggle);
    expect(field.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(field.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    // The toggle does not submit; signing in does, with the token as typed (trimmed).
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith('vst_secret');
  });
});
