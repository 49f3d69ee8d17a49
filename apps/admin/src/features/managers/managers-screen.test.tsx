// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { ADMIN, signedInApi } from '../../test/fake-api';
import { inviteProblems } from './invite-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAM = { ...ADMIN, id: 2, name: 'Sam Store', email: 'sam@example.com', role: 'store' as const, vendorIds: [1] };

describe('managers', () => {
  it("words the contract's refusals for each field of an invitation", () => {
    expect(inviteProblems({ name: '', email: 'x', role: 'store', vendorIds: [] })).toEqual({
      name: 'Enter their name.',
      email: 'Enter an email address like name@example.com.',
      vendorIds: 'Choose at least one store they run.',
    });
    expect(inviteProblems({ name: 'Al', email: 'al@example.com', role: 'admin' })).toEqual({});
  });

  it('invites a store manager for the stores chosen, and disables one only after a confirm', async () => {
    const api = signedInApi()
      .on('GET /stores', {
        body: [
          { id: 1, storeName: 'The Tap Room' },
          { id: 2, storeName: 'Grill & Bun' },
        ],
      })
      .on('GET /managers', { body: [ADMIN, SAM] })
      .on('POST /managers', { status: 201, body: { ...SAM, id: 3, email: 'jo@example.com' } })
      .on('DELETE /managers/2', { status: 204 });
    render(
      <MemoryRouter initialEntries={['/managers']}>
        <App />
      </MemoryRouter>,
    );
    await screen.findByText('sam@example.com');
    expect(screen.queryByRole('button', { name: /^Disable\s*Pat Owner$/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Invite a manager' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Jo' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'jo@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Choose at least one store they run.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Grill & Bun'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to jo@example.com.');
    expect(api.callsTo('POST /managers')[0]?.body).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      role: 'store',
      vendorIds: [2],
    });

    fireEvent.click(screen.getByRole('button', { name: /^Disable\s*Sam Store$/ }));
    expect(api.callsTo('DELETE /managers/2')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable account' }));
    await screen.findByText('Sam Store is disabled and signed out.');
    expect(api.callsTo('DELETE /managers/2')).toHaveLength(1);
  });
});
