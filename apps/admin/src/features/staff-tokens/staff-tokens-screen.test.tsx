// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('staff tokens', () => {
  it("makes a store's token and shows its link and QR code once", async () => {
    const api = signedInApi()
      .on('GET /stores', { body: [{ id: 2, storeName: 'Grill & Bun' }] })
      .on('GET /staff-tokens', { body: [] })
      .on('POST /stores/2/staff-tokens', {
        status: 201,
        body: {
          id: 9,
          vendorId: 2,
          name: 'Pass tablet',
          createdAt: '2026-11-27T00:00:00.000Z',
          token: 'vst_secret',
          signInUrl: 'https://venue.example/staff#token=vst_secret',
          signInQrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      });
    render(
      <MemoryRouter initialEntries={['/staff-tokens']}>
        <App />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make a staff token' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the token' }));
    expect(within(dialog).getByText('Name the device or person.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Device or person'), { target: { value: 'Pass tablet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make the token' }));
    const created = await screen.findByRole('dialog', { name: 'Staff token for Pass tablet' });
    expect((within(created).getByLabelText('Sign-in link') as HTMLInputElement).value).toBe(
      'https://venue.example/staff#token=vst_secret',
    );
    expect(within(created).getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(api.callsTo('POST /stores/2/staff-tokens')[0]?.body).toEqual({ name: 'Pass tablet' });
    fireEvent.click(within(created).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('vst_secret', { exact: false })).toBeNull();
  });
});
