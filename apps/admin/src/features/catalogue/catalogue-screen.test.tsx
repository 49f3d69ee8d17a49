// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the catalogue', () => {
  it('imports a document and lists every problem of a refused one', async () => {
    const api = signedInApi().on('PUT /catalogue', {
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'The catalogue has 2 problems; nothing was changed.',
        problems: [
          { path: '$.vendors[0].items[3].price', message: 'A price must not be negative.' },
          { path: '$.coupons[1].code', message: 'A coupon code is 1 to 64 capital letters, digits, "-" or "_".' },
        ],
      },
    });
    render(
      <MemoryRouter initialEntries={['/catalogue']}>
        <App />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import the catalogue' }));
    expect(screen.getByText('Choose the catalogue file (.json) to import.')).toBeTruthy();

    const file = new File(['{"version":1}'], 'catalogue.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Catalogue file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import the catalogue' }));
    expect(await screen.findByText('2 problems in the document')).toBeTruthy();
    expect(screen.getByText('$.vendors[0].items[3].price')).toBeTruthy();
    expect(screen.getByText('The catalogue has 2 problems; nothing was changed.')).toBeTruthy();
    expect(api.callsTo('PUT /catalogue')[0]?.body).toEqual({ version: 1 });
    expect(screen.getByRole('link', { name: 'Download the catalogue' }).getAttribute('href')).toBe(
      '/admin/v1/catalogue',
    );
  });
});
