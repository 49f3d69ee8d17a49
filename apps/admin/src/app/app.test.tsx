// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, signedInApi } from '../test/fake-api';
import { App, SESSION_ENDED_MESSAGE } from './app';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signing in to the back office', () => {
  it('shows the sign-in to someone signed out, and after it the page they asked for', async () => {
    let signedIn = false;
    const api = fakeApi()
      .on('GET /session', () => (signedIn ? { body: ADMIN } : { status: 401, body: { message: 'Sign in first.' } }))
      .on('POST /session', () => {
        signedIn = true;
        return { status: 204 };
      })
      .on('GET /reports/today', { body: { day: '2026-11-27', timeZone: 'Australia/Sydney', totals: {}, stores: [] } })
      .on('GET /managers', { body: [ADMIN] });
    renderAt('/managers');
    await screen.findByRole('heading', { name: 'Sign in to the back office' });

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(api.callsTo('POST /session')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Managers' });
    expect(api.callsTo('POST /session')[0]?.body).toEqual({
      email: 'pat@example.com',
      password: 'correct horse battery',
    });
    expect(screen.getByText('Pat Owner')).toBeTruthy();
    expect(screen.getByText('Venue admin')).toBeTruthy();
  });

  it("says the server's words when the sign-in is refused", async () => {
    fakeApi()
      .on('GET /session', { status: 401, body: { message: 'Sign in first.' } })
      .on('POST /session', { status: 401, body: { message: 'That email and password do not match.' } });
    renderAt('/sign-in');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByText('That email and password do not match.')).closest('[role="alert"]')).toBeTruthy();
  });

  it('goes back to the sign-in, saying why, when a call finds the session ended', async () => {
    const api = signedInApi().on('GET /managers', { body: [ADMIN] });
    renderAt('/managers');
    // the heading shows before the list's first read answers: wait for the list, so that
    // the 401s set below answer only the reads made after it
    await screen.findByRole('table', { name: 'Back-office accounts' });
    api
      .on('GET /managers', { status: 401, body: { message: 'Sign in first.' } })
      .on('GET /session', { status: 401, body: { message: 'Sign in first.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a manager' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // a read that answers 401 (here: the list read again after an invitation) ends the session
    api.on('POST /managers', { status: 201, body: { ...ADMIN, id: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite a manager' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam Store' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByLabelText(/Venue admin/));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(SESSION_ENDED_MESSAGE)).toBeTruthy();
  });

  it('hides the managers from a store manager', async () => {
    signedInApi({ ...ADMIN, role: 'store', vendorIds: [1] });
    renderAt('/today');
    await screen.findByRole('heading', { name: 'Today' });
    expect(screen.queryByRole('link', { name: 'Managers' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
  });
});
