// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ContactForm, INVALID_MOBILE_TEXT } from './contact-form';

afterEach(cleanup);

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
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.change(email, { target: { value: 'sam@example.com' } });
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    fireEvent.change(email, { target: { value: '' } });
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
  });

  it('ties the mobile problem to the field once the customer leaves it with too few digits', () => {
    render(<Harness />);
    const mobile = screen.getByLabelText('Mobile');
    const hint = screen.getByText('We text you when your order is ready.');
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
