// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ContactForm, EMAIL_HINT_TEXT, INVALID_MOBILE_TEXT, MOBILE_HINT_TEXT } from './contact-form';

afterEach(cleanup);

/** The text of the elements that describe a field (aria-describedby). */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function Harness() {
  const [mobile, setMobile] = useState('');
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  return (
    <ContactForm
      mobile={mobile}
      email={email}
      fullName={fullName}
      onMobileChange={setMobile}
      onEmailChange={setEmail}
      onFullNameChange={setFullName}
    />
  );
}

describe('ContactForm (spec §2, §5)', () => {
  it('gives each input its autocomplete purpose', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Mobile').getAttribute('autocomplete')).toBe('tel');
    expect(screen.getByLabelText('Email (optional)').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Full name').getAttribute('autocomplete')).toBe('name');
  });

  it("ties 'Please enter a valid email' to the field while the address is invalid", () => {
    render(<Harness />);
    const email = screen.getByLabelText('Email (optional)');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    fireEvent.change(email, { target: { value: 'sam@' } });
    const error = screen.getByText('Please enter a valid email');
    const hint = screen.getByText(EMAIL_HINT_TEXT);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')?.split(' ')).toEqual([error.id, hint.id]);
    fireEvent.change(email, { target: { value: 'sam@example.com' } });
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.change(email, { target: { value: '' } });
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
  });

  it('promises only what the product does: no text messages; the e-mail is for the receipt', () => {
    render(<Harness />);
    expect(document.body.textContent).not.toMatch(/\btext(s)? you\b|\bSMS\b/i);
    expect(description(screen.getByLabelText('Mobile'))).toBe(
      'The store uses this to contact you about your order if needed.',
    );
    expect(description(screen.getByLabelText('Email (optional)'))).toBe(
      'We email your receipt here when you ask for one.',
    );
  });

  it('refuses, next to the field, the addresses the server refuses', () => {
    render(<Harness />);
    const email = screen.getByLabelText('Email (optional)');
    for (const address of ['josé@example.com', 'a..b@example.com', 'a@b.c0m']) {
      fireEvent.change(email, { target: { value: address } });
      expect(screen.queryByText('Please enter a valid email'), address).not.toBeNull();
    }
  });

  it('refuses a mobile of more than 15 digits once the field is left', () => {
    render(<Harness />);
    const mobile = screen.getByLabelText('Mobile');
    fireEvent.change(mobile, { target: { value: '0412 3456 7890 1234' } });
    fireEvent.blur(mobile);
    expect(screen.getByText(INVALID_MOBILE_TEXT)).not.toBeNull();
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
  });

  it('ties the mobile problem to the field once the customer leaves it with too few digits', () => {
    render(<Harness />);
    const mobile = screen.getByLabelText('Mobile');
    const hint = screen.getByText(MOBILE_HINT_TEXT);
    fireEvent.change(mobile, { target: { value: '04123' } });
    // still typing: no error yet
    expect(screen.queryByText(INVALID_MOBILE_TEXT)).toBeNull();
    expect(mobile.getAttribute('aria-invalid')).toBe('false');
    fireEvent.blur(mobile);
    const error = screen.getByText(INVALID_MOBILE_TEXT);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(mobile.getAttribute('aria-describedby')?.split(' ')).toEqual([error.id, hint.id]);
    fireEvent.change(mobile, { target: { value: '0412345678' } });
    expect(screen.queryByText(INVALID_MOBILE_TEXT)).toBeNull();
    expect(mobile.getAttribute('aria-invalid')).toBe('false');
    expect(mobile.getAttribute('aria-describedby')).toBe(hint.id);
  });
});
