import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';

const HTTPS = { PUBLIC_URL: 'https://kindred.example' };
const refusal = (env: Record<string, string>) => {
  try {
    loadEnv(env);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('configuration (loadEnv)', () => {
  describe('TRUST_PROXY', () => {
    it('is off by default and takes a hop count or a list of proxy addresses and CIDRs', () => {
      expect(loadEnv({}).trustProxy).toBe(false);
      expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
      expect(loadEnv({ TRUST_PROXY: '1' }).warnings).toEqual([]);
    });

    it('true, which trusted the client-written left-most entry, now means one hop and says so', () => {
      const env = loadEnv({ TRUST_PROXY: 'true' });
      expect(env.trustProxy).toBe(1);
      expect(env.warnings.join()).toMatch(/TRUST_PROXY=true is read as TRUST_PROXY=1/);
    });

    it('anything else stops the server with the variable named', () => {
      for (const TRUST_PROXY of ['yes', '10.0.0.0/33', '1.2.3', '11', 'nginx', '10.0.0.1/8/1'])
        expect(refusal({ TRUST_PROXY }), TRUST_PROXY).toMatch(/TRUST_PROXY: must be false, a hop count|hop count/);
    });
  });

  describe('the test job trigger', () => {
    it('is off unless TEST_JOB_TRIGGER=true, and refused on https or NODE_ENV=production', () => {
      expect(loadEnv({}).testJobTrigger).toBe(false);
      expect(loadEnv({ TEST_JOB_TRIGGER: 'true' }).testJobTrigger).toBe(true);
      expect(refusal({ TEST_JOB_TRIGGER: 'yes' })).toMatch(/TEST_JOB_TRIGGER/);
      expect(refusal({ ...HTTPS, TEST_JOB_TRIGGER: 'true', SMTP_URL: 'smtp://relay:587' })).toMatch(
        /TEST_JOB_TRIGGER=true is for test servers/,
      );
      expect(refusal({ NODE_ENV: 'production', TEST_JOB_TRIGGER: 'true' })).toMatch(
        /TEST_JOB_TRIGGER=true is for test/,
      );
      expect(loadEnv({ NODE_ENV: 'production' }).testJobTrigger).toBe(false);
    });
  });

  describe('the dev outbox and real mail', () => {
    it('the outbox page is off unless DEV_OUTBOX=true', () => {
      expect(loadEnv({}).devOutbox).toBe(false);
      expect(loadEnv({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
      expect(refusal({ DEV_OUTBOX: 'yes' })).toMatch(/DEV_OUTBOX/);
    });

    it('DEV_OUTBOX=true is refused with an https PUBLIC_URL', () => {
      expect(refusal({ ...HTTPS, DEV_OUTBOX: 'true', SMTP_URL: 'smtp://relay:587' })).toMatch(
        /DEV_OUTBOX=true is refused when PUBLIC_URL is https/,
      );
      expect(loadEnv({ PUBLIC_URL: 'http://192.168.1.5:3000', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    });

    it('https PUBLIC_URL with DEMO_DATA=false refuses to start without SMTP_URL instead of using the outbox', () => {
      expect(refusal({ ...HTTPS, DEMO_DATA: 'false' })).toMatch(/SMTP_URL is required when PUBLIC_URL is https/);
      expect(loadEnv({ ...HTTPS, DEMO_DATA: 'false', SMTP_URL: 'smtp://relay:587' }).smtpUrl).toBe('smtp://relay:587');
      // A demo on https, or production-like settings on http (a local trial), still start with the outbox.
      expect(loadEnv({ ...HTTPS }).smtpUrl).toBeUndefined();
      expect(loadEnv({ DEMO_DATA: 'false' }).smtpUrl).toBeUndefined();
    });

    it('every problem is listed at once', () => {
      const message = refusal({ ...HTTPS, DEMO_DATA: 'false', DEV_OUTBOX: 'true', TRUST_PROXY: 'yes' });
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/TRUST_PROXY/);
      expect(message).toMatch(/DEV_OUTBOX/);
      expect(message).toMatch(/SMTP_URL/);
    });
  });

  it('METRICS_TOKEN, when set, is at least 32 characters', () => {
    expect(loadEnv({}).metricsToken).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe('x'.repeat(32));
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN: must be at least 32 characters/);
  });
});
