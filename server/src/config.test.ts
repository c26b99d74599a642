// Configuration defaults that keep a default start safe (docs/security.md section 1).
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
