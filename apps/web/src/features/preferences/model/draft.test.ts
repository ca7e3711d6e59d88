import { describe, expect, it } from 'vitest';
import { keysClearedByCompleteNow } from '../../../lib/session.ts';
import {
  clearDraft,
  DRAFT_KEYS,
  EMPTY_DRAFT,
  PROGRESS_KEYS,
  readDraft,
  WIZARD_STORAGE_KEYS,
  writeDraftValue,
} from './draft.ts';
import { readProgress, writeEditing, writeProgress } from './progress.ts';
import { memoryStorage } from './test-storage.ts';

describe('wizard draft storage', () => {
  it('keeps each answer under its preference name and reads it back', () => {
    const s = memoryStorage();
    writeDraftValue(s, 'donor_type_preference', 'surrogate');
    writeDraftValue(s, 'preferred_races', ['white', 'asian']);
    writeDraftValue(s, 'values_legal_importance', 75);
    expect(s.map.get('donor_type_preference')).toBe('"surrogate"');
    expect(s.map.get('preferred_races')).toBe('["white","asian"]');
    const d = readDraft(s);
    expect(d).toMatchObject({
      donor_type_preference: 'surrogate',
      preferred_races: ['white', 'asian'],
      values_legal_importance: 75,
    });
  });

  it('starts from the spec defaults and removes emptied answers', () => {
    const s = memoryStorage();
    expect(readDraft(s)).toEqual(EMPTY_DRAFT);
    expect(EMPTY_DRAFT).toMatchObject({
      medical_genetic_importance: 50,
      lifestyle_environment_importance: 100,
      values_legal_importance: 25,
    });
    writeDraftValue(s, 'preferred_races', ['white']);
    writeDraftValue(s, 'preferred_races', []);
    expect(s.map.has('preferred_races')).toBe(false);
  });

  it('survives plain strings from older clients and junk values', () => {
    const s = memoryStorage({
      donor_type_preference: 'egg',
      preferred_races: '{bad',
      values_legal_importance: '"x"',
      current_country: 'US',
    });
    expect(readDraft(s)).toMatchObject({
      donor_type_preference: 'egg',
      preferred_races: [],
      values_legal_importance: 25,
      current_country: 'US',
    });
  });

  it('clears the draft, progress and the set being edited but not the session keys', () => {
    const s = memoryStorage({ userToken: 'a.b.c', profileUserId: 'u1' });
    writeDraftValue(s, 'location', 'Austin, TX, United States');
    writeDraftValue(s, 'dealbreaker_exclusions', ['height']);
    writeProgress(s, { step: 'medical', completed: ['welcome', 'demographic'] });
    writeEditing(s, { profileId: 'p1', userId: 'u1' });
    expect(readProgress(s, 'egg')).toEqual({ step: 'medical', completed: ['welcome', 'demographic'] });
    clearDraft(s);
    expect([...s.map.keys()].sort()).toEqual(['profileUserId', 'userToken']);
    expect(readProgress(s, 'egg')).toEqual({ step: 'welcome', completed: [] });
  });

  it("'Complete Now' keeps the spec's three session keys and every draft and progress key, and clears the rest", () => {
    const keys = [
      'userToken',
      'profileUserId',
      'profileData',
      'rememberMe',
      'rememberedEmail',
      'otpToken',
      'profileId',
      ...WIZARD_STORAGE_KEYS,
    ];
    const cleared = keysClearedByCompleteNow(keys, WIZARD_STORAGE_KEYS);
    expect(cleared.sort()).toEqual(['otpToken', 'profileId', 'rememberMe', 'rememberedEmail']);
    for (const key of [...DRAFT_KEYS, ...Object.values(PROGRESS_KEYS)]) expect(cleared).not.toContain(key);
    expect(WIZARD_STORAGE_KEYS).toEqual(
      expect.arrayContaining([
        'donor_type_preference',
        'current_country',
        'dealbreaker_exclusions',
        'profile_steps_editing',
      ]),
    );
    // Without the wizard's keys it is the spec's behaviour: only the three stay.
    expect(keysClearedByCompleteNow(keys)).toHaveLength(keys.length - 3);
  });
});
