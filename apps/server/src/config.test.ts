import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, parseConfig, TRUST_ALL_REFUSED } from './config.ts';

describe('server settings', () => {
  it('defaults to the architecture page values', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'sqlite', path: join(REPO_ROOT, 'data', 'venue.db') });
    // Unset: decided at start by whether the database holds a venue seeded as the demo.
    expect(config.kitchenSimulator).toBe('auto');
    expect(config.paymentGateway).toBe('sandbox');
    expect(config.webDist).toBe(join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(config.rateLimitMax).toBe(1200);
    expect(config.opsSignInLimit).toBe(10);
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeNull();
  });

  it('generates a random ops token when OPS_TOKEN is unset, and keeps a given one', () => {
    const a = parseConfig({});
    const b = parseConfig({});
    expect(a.opsTokenGenerated).toBe(true);
    expect(a.opsToken.length).toBeGreaterThanOrEqual(32);
    expect(a.opsToken).not.toBe(b.opsToken);
    const given = parseConfig({ OPS_TOKEN: 'a-long-enough-operations-token' });
    expect(given).toMatchObject({ opsToken: 'a-long-enough-operations-token', opsTokenGenerated: false });
  });

  it('selects PostgreSQL for postgres:// and postgresql:// URLs, SQLite for plain paths', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://h/db' }).database.kind).toBe('postgres');
    expect(parseConfig({ DATABASE_URL: '/var/lib/venue.db' }).database).toEqual({
      kind: 'sqlite',
      path: '/var/lib/venue.db',
    });
    expect(parseConfig({ DATABASE_URL: 'file:/tmp/x.db' }).database).toEqual({ kind: 'sqlite', path: '/tmp/x.db' });
    expect(parseConfig({ DATABASE_URL: 'data/other.db' }).database).toEqual({
      kind: 'sqlite',
      path: join(process.cwd(), 'data/other.db'),
    });
  });

  it('parses switches and numbers', () => {
    const config = parseConfig({
      PORT: '8080',
      KITCHEN_SIMULATOR: 'off',
      RATE_LIMIT_MAX: '50',
      OPS_SIGN_IN_LIMIT: '5',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      kitchenSimulator: 'off',
      rateLimitMax: 50,
      opsSignInLimit: 5,
      trustProxy: 1,
      logLevel: 'warn',
      publicUrl: 'http://localhost:8080',
    });
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(parseConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY values that would trust every hop, or that name no proxy', () => {
    for (const value of ['true', 'on', 'TRUE', 'all', '*']) {
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(TRUST_ALL_REFUSED);
    }
    for (const value of ['proxy.example.com', '10.0.0.1/33', '10.0.0.1,', '1.2.3']) {
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: not a number of hops/);
    }
  });

  it('shares counts through Redis only when REDIS_URL is a redis:// or rediss:// URL', () => {
    expect(parseConfig({}).redisUrl).toBeNull();
    expect(parseConfig({}).redisKeyPrefix).toBe('venue:');
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(parseConfig({ REDIS_URL: 'rediss://cache.example:6380/2' }).redisUrl).toBe('rediss://cache.example:6380/2');
    expect(() => parseConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => parseConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE (10 by default) and refuses a size below 1', () => {
    expect(parseConfig({}).databasePoolSize).toBe(10);
    expect(parseConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('shares DATABASE_SHARED_CONNECTIONS PostgreSQL connections among statements that commit alone (4 by default; 0: none)', () => {
    expect(parseConfig({}).databaseSharedConnections).toBe(4);
    expect(parseConfig({ DATABASE_SHARED_CONNECTIONS: '1' }).databaseSharedConnections).toBe(1);
    expect(parseConfig({ DATABASE_SHARED_CONNECTIONS: '0' }).databaseSharedConnections).toBe(0);
    expect(() => parseConfig({ DATABASE_SHARED_CONNECTIONS: '-1' })).toThrow(/DATABASE_SHARED_CONNECTIONS/);
    expect(() => parseConfig({ DATABASE_SHARED_CONNECTIONS: 'two' })).toThrow(/DATABASE_SHARED_CONNECTIONS/);
  });

  it('serves metrics only when asked: METRICS_TOKEN of 16 characters or more, METRICS_PORT off the main port', () => {
    expect(parseConfig({})).toMatchObject({ metricsToken: null, metricsPort: null, metricsHost: '127.0.0.1' });
    expect(
      parseConfig({ METRICS_TOKEN: 'a-long-metrics-token', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }),
    ).toMatchObject({ metricsToken: 'a-long-metrics-token', metricsPort: 9464, metricsHost: '10.0.0.5' });
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => parseConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT: METRICS_PORT must be a port number/);
    expect(() => parseConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT.*0 to 65535/);
    expect(() => parseConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('refuses bad values with a message naming each variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ KITCHEN_SIMULATOR: 'maybe' })).toThrow(/KITCHEN_SIMULATOR/);
    expect(parseConfig({ KITCHEN_SIMULATOR: 'on' }).kitchenSimulator).toBe('on');
    expect(() => parseConfig({ RATE_LIMIT_MAX: '0' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => parseConfig({ OPS_SIGN_IN_LIMIT: '0' })).toThrow(/OPS_SIGN_IN_LIMIT/);
    expect(() => parseConfig({ OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
    expect(() => parseConfig({ PAYMENT_GATEWAY: 'paypal', PUBLIC_URL: 'not a url' })).toThrow(
      /PAYMENT_GATEWAY[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PAYMENT_GATEWAY/,
    );
  });
});
