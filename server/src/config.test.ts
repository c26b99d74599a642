// Configuration defaults that keep a default start safe (docs/security.md section 1).
import { describe, expect, it } from 'vitest';
import { databaseTargetOf, loadConfig } from './config.ts';

describe('HOST', () => {
  it('defaults to loopback outside production, so a laptop server is not on the network', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
  });

  it('defaults to every interface in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
  });

  it('is whatever HOST says when it is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });
});

describe('ORCID sign-in', () => {
  it('is off without a client id, and reaches orcid.org once configured', () => {
    expect(loadConfig({}).ORCID_CLIENT_ID).toBeUndefined();
    const config = loadConfig({ ORCID_CLIENT_ID: 'APP-1', ORCID_CLIENT_SECRET: 'secret' });
    expect(config).toMatchObject({ ORCID_CLIENT_ID: 'APP-1', ORCID_BASE_URL: 'https://orcid.org' });
    const sandbox = loadConfig({
      ORCID_CLIENT_ID: 'APP-1',
      ORCID_CLIENT_SECRET: 'secret',
      ORCID_BASE_URL: 'https://sandbox.orcid.org/',
    });
    expect(sandbox.ORCID_BASE_URL).toBe('https://sandbox.orcid.org');
  });

  it('refuses a client id without its secret, at start rather than at the first sign-in', () => {
    expect(() => loadConfig({ ORCID_CLIENT_ID: 'APP-1' })).toThrow(
      /ORCID_CLIENT_SECRET: required when ORCID_CLIENT_ID is set/,
    );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is left to db/client.ts when unset, and read as a number when set', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '16' }).DATABASE_POOL_SIZE).toBe(16);
  });

  it('reaches the PostgreSQL database the server and the tools open, and no embedded one', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://recuse@127.0.0.1:5432/recuse',
      DATABASE_POOL_SIZE: '3',
    });
    expect(databaseTargetOf(config)).toEqual({
      url: 'postgres://recuse@127.0.0.1:5432/recuse',
      poolSize: 3,
    });
    expect(databaseTargetOf(config, 'postgres://other/recuse')).toMatchObject({ poolSize: 3 });
    expect(databaseTargetOf(loadConfig({ DATA_DIR: '/tmp/x', DATABASE_POOL_SIZE: '3' }))).toEqual({
      dataDir: '/tmp/x',
    });
  });

  it('refuses to start with a size that is not a whole number from 1 to 100', () => {
    for (const size of ['0', '2.5', 'many', '101']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
