// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTHORIZATION_HEADER } from '@venue/domain/request-signature';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { WAIT, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

describe('receipt email modal', () => {
  it('keeps Send disabled unless the email is valid and non-empty, then sends the signed receipt request', async () => {
    const server = serve(placedOrder());
    renderApp(WAIT, trackingState());
    fireEvent.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Email my receipt' });
    const input = within(dialog).getByLabelText('Email');
    const send = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect((input as HTMLInputElement).value).toBe('sam@example.com');
    expect(send.disabled).toBe(false);
    fireEvent.change(input, { target: { value: '' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'sam@example.com' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/current-consumer/issue-receipt')).toBe(true));
    const receipt = server.calls.find((c) => c.path === '/current-consumer/issue-receipt')!;
    expect(receipt.method).toBe('POST');
    expect(receipt.body).toEqual({ orderId: 42 });
    expect(receipt.headers[AUTHORIZATION_HEADER]).toMatch(/^hmac c-1:/i);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves a new address to the consumer before asking for the receipt; a failure is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serve(placedOrder());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/current-consumer/issue-receipt')) {
          await server.fetchMock(input, init);
          return new Response(JSON.stringify({ statusCode: 500, error: 'x', message: 'mail down' }), { status: 500 });
        }
        return server.fetchMock(input, init);
      }),
    );
    renderApp(WAIT, trackingState());
    fireEvent.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Email my receipt' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const paths = server.calls.map((c) => c.path);
    expect(paths.indexOf('/current-consumer/update')).toBeLessThan(paths.indexOf('/current-consumer/issue-receipt'));
    expect(server.calls.find((c) => c.path === '/current-consumer/update')!.body).toMatchObject({
      contact: { email: 'new@example.com' },
    });
    expect(screen.queryByRole('dialog', { name: 'Temporary problem!' })).toBeNull();
  });
});
