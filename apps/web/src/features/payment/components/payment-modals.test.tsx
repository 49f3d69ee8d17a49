// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CouponModal, IssuesModal } from './payment-modals';

afterEach(cleanup);

describe('CouponModal (spec §5: Apply disabled until text)', () => {
  it('enables Apply only with a code typed and applies the trimmed code', () => {
    const onApply = vi.fn();
    render(<CouponModal open applying={false} error={null} onApply={onApply} onClose={() => undefined} />);
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: '   ' } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: ' HALF ' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith('HALF');
  });

  it("shows the server's message for a refused code", () => {
    render(<CouponModal open applying={false} error="Invalid coupon code." onApply={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid coupon code.');
  });
});

describe('IssuesModal (spec §8)', () => {
  it('quotes the order and payment ids and offers a new order', () => {
    const onStart = vi.fn();
    render(
      <IssuesModal
        open
        orderId={41}
        paymentId={7}
        storeName="Grill & Bun"
        phoneNumber="02 9000 0000"
        onStartNewOrder={onStart}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Issues Occurred' });
    expect(dialog.textContent).toContain('41');
    expect(dialog.textContent).toContain('7');
    expect(dialog.textContent).toContain('02 9000 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Start a new order' }));
    expect(onStart).toHaveBeenCalled();
  });
});
