import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password storage (scrypt)', () => {
  it('keeps a salted hash with its parameters, never the password, and checks it', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('horse');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  });

  it('salts each hash: the same password stored twice reads differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same password here'), hashPassword('same password here')]);
    expect(a).not.toBe(b);
  });

  it('reads a hash made with other parameters (so they can be raised later)', async () => {
    const stored = await hashPassword('twelve chars!', { N: 2 ** 10, r: 8, p: 1 });
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('twelve chars!', stored)).toBe(true);
  });

  it('matches nothing against a malformed hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$a$b', 'bcrypt$10$abc'])
      expect(await verifyPassword('anything at all', stored)).toBe(false);
  });
});
