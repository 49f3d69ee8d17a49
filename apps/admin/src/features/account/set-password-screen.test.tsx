// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { fakeApi } from '../../test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('setting a password from a link', () => {
  it('asks for at least 12 characters and the same password twice, then sends the token with it', async () => {
    const api = fakeApi()
      .on('GET /session', { status: 401, body: { message: 'Sign in first.' } })
      .on('POST /password', { status: 204 });
    renderAt('/set-password?token=abc123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The password must have at least 12 characters.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'harbour lights at dusk' } });
    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'harbour lights at dawn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.callsTo('POST /password')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'harbour lights at dusk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByText('Your password is set. Sign in with it.');
    expect(api.callsTo('POST /password')[0]?.body).toEqual({ token: 'abc123', password: 'harbour lights at dusk' });
  });

  it("says a used or expired link's problem as the server words it", async () => {
    fakeApi()
      .on('GET /session', { status: 401, body: { message: 'Sign in first.' } })
      .on('POST /password', { status: 400, body: { message: 'This link has expired or was already used.' } });
    renderAt('/set-password?token=old');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'harbour lights at dusk' } });
    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'harbour lights at dusk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const message = await screen.findByText('This link has expired or was already used.');
    expect(message.closest('[role="alert"]')).toBeTruthy();
  });
});
