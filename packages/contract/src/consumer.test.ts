import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAcceptableEmail, isValidEmail, isValidMobile, normalizeMobile } from '@venue/domain/validation';
import { ConsumerContact, Email, Mobile } from './consumer.ts';

/**
 * The app and the server judge a contact by one rule: whatever the app lets through the server
 * takes, and whatever the server refuses the app refuses first (spec §5).
 */

/** The server takes this e-mail field of a contact form. */
const serverTakesEmail = (text: string) => ConsumerContact.safeParse({ email: text }).success;
/** The server takes this mobile field of a contact form. */
const serverTakesMobile = (text: string) => ConsumerContact.safeParse({ mobile: text }).success;

/** Characters that sit near the edges of the e-mail rule: dots, hyphens, non-ASCII, spaces, a second @. */
const emailChar = fc.constantFrom(..."aZ09xY._-+'!~{é@ \u00a0\u3002".split(''));
const localPart = fc.string({ unit: emailChar, maxLength: 12 });
const domainLabel = fc.string({ unit: fc.constantFrom(...'ab09-_.é'.split('')), maxLength: 8 });
const topLevel = fc.string({ unit: fc.constantFrom(...'acomZ09-é'.split('')), maxLength: 5 });
/** Strings shaped like e-mail addresses, valid and not. */
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc
    .tuple(localPart, fc.array(domainLabel, { minLength: 1, maxLength: 4 }), topLevel)
    .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`),
  fc.tuple(fc.emailAddress(), fc.constantFrom(' ', '  ', '\t')).map(([address, pad]) => `${pad}${address}${pad}`),
);

/** Characters of typed phone numbers: digits, the separators people use, a plus, and a stray letter. */
const phoneChar = fc.constantFrom(...'0123456789 -().+x'.split(''));
/** Strings shaped like mobile numbers: an optional plus, then 8 to 18 digits with separators. */
const mobileLike = fc.oneof(
  fc.string({ unit: phoneChar, minLength: 8, maxLength: 24 }),
  fc
    .tuple(fc.boolean(), fc.array(fc.constantFrom(...'0123456789'.split('')), { minLength: 8, maxLength: 18 }))
    .map(([plus, digits]) => `${plus ? '+' : ''}${digits.join('')}`),
);
const nonBlank = (text: string) => text.trim() !== '';

describe('contact rules: the app accepts exactly what the server accepts (spec §5)', () => {
  it('refuses, in both, the addresses and numbers the server used to refuse after the app let them through', () => {
    for (const email of ['josé@example.com', 'a..b@example.com', 'a@b.c0m']) {
      expect(isAcceptableEmail(email), `app: ${email}`).toBe(false);
      expect(serverTakesEmail(email), `server: ${email}`).toBe(false);
    }
    for (const mobile of ['0412345678901234', '+6141234567890123', '0412 3456 7890 1234 5']) {
      expect(isValidMobile(mobile), `app: ${mobile}`).toBe(false);
      expect(serverTakesMobile(mobile), `server: ${mobile}`).toBe(false);
    }
  });

  it("answers 'Please enter a valid email' for an address the app refuses", () => {
    const result = Email.safeParse('a..b@example.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please enter a valid email']);
  });

  it('takes a number typed with separators, the way the app takes it, and keeps only its digits', () => {
    expect(Mobile.parse('0412 345 678')).toBe('0412345678');
    expect(Mobile.parse('+61 (412) 345-678')).toBe('+61412345678');
    expect(Email.parse('  sam@example.com ')).toBe('sam@example.com');
  });

  it('e-mail: app-acceptable ⇔ server-acceptable, for any string and for address-like strings', () => {
    for (const arbitrary of [fc.string(), fc.string({ unit: 'binary' }), emailLike]) {
      fc.assert(
        fc.property(arbitrary, (text) => {
          expect(serverTakesEmail(text), JSON.stringify(text)).toBe(isAcceptableEmail(text));
        }),
        { numRuns: 500 },
      );
    }
  });

  it('e-mail: the server takes, unchanged, what the app sends (the trimmed address, from the form or the receipt modal)', () => {
    fc.assert(
      fc.property(emailLike, (text) => {
        if (!isValidEmail(text)) return;
        expect(Email.parse(text.trim())).toBe(text.trim());
      }),
      { numRuns: 500 },
    );
  });

  it('mobile: app-acceptable ⇔ server-acceptable for anything typed, and the number the app keeps is taken as it is', () => {
    for (const arbitrary of [fc.string(), fc.string({ unit: 'binary' }), mobileLike]) {
      fc.assert(
        fc.property(arbitrary.filter(nonBlank), (text) => {
          // A blank mobile is "not given" to the API; the app asks for one before paying (spec §5).
          expect(serverTakesMobile(text), JSON.stringify(text)).toBe(isValidMobile(text));
          if (isValidMobile(text)) expect(Mobile.parse(normalizeMobile(text))).toBe(normalizeMobile(text));
        }),
        { numRuns: 500 },
      );
    }
  });
});
