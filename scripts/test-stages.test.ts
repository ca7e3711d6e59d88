import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm test stages', () => {
  it('fails loudly on an unknown stage, naming the stages, and runs nothing', () => {
    const r = spawnSync(process.execPath, ['scripts/test.ts', 'unti'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Unknown stage "unti"');
    expect(r.stderr).toContain('static, unit, faults, e2e');
    expect(r.stdout).not.toContain('All checks passed');
    expect(r.stdout).not.toContain('━━');
  });
});
