import { describe, expect, it } from 'vitest';
import { isAlertStatus, orderAlertTag, orderAlertText } from './order-alerts.ts';

describe('order alert texts', () => {
  const facts = { storeName: 'Grill & Bun', claimTicket: '118', delivery: false };

  it('a ready pick-up order names the ticket and the store', () => {
    expect(orderAlertText({ ...facts, status: 'PendingAlerted' })).toEqual({
      title: 'Your order is ready!',
      body: 'Order 118 is ready to collect from Grill & Bun.',
    });
  });

  it('a ready delivery is on its way', () => {
    expect(orderAlertText({ ...facts, delivery: true, status: 'PendingAlerted' })).toEqual({
      title: "We're on our way!",
      body: 'Order 118 from Grill & Bun is on its way.',
    });
  });

  it('a cancelled order and one the vendor must discuss say so, with store and ticket', () => {
    const cancelled = orderAlertText({ ...facts, status: 'Cancelled' });
    expect(cancelled.body).toBe('Grill & Bun could not complete order 118. Please see the staff at the shop about it.');
    const support = orderAlertText({ ...facts, status: 'VendorSupportRequired' });
    expect(support).toEqual({
      title: 'We need to discuss your order with you at the shop',
      body: 'Please come to Grill & Bun and show your order number 118.',
    });
  });

  it('without a claim ticket the text still reads', () => {
    expect(orderAlertText({ ...facts, claimTicket: null, status: 'PendingAlerted' }).body).toBe(
      'Your order is ready to collect from Grill & Bun.',
    );
  });

  it('only the ready, cancelled and needs-help statuses alert; one tag per order', () => {
    expect(['PendingAlerted', 'Cancelled', 'VendorSupportRequired'].every(isAlertStatus)).toBe(true);
    expect(['Waiting', 'Alerted', 'Serviced', null, undefined].some(isAlertStatus)).toBe(false);
    expect(orderAlertTag(7)).toBe('order-7');
  });
});
