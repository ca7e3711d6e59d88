import { describe, expect, it } from 'vitest';
import { clearDraft, EMPTY_DRAFT, readDraft, readProgress, writeDraftValue, writeProgress } from './draft.ts';

/** A Map-backed Storage stand-in (no DOM in the unit project). */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('wizard draft storage', () => {
  it('keeps each answer under its preference name and reads it back', () => {
    const s = memoryStorage();
    writeDraftValue(s, 'donor_type_preference', 'surrogate');
    writeDraftValue(s, 'preferred_races', ['white', 'asian']);
    writeDraftValue(s, 'values_legal_importance', 75);
    expect(s.map.get('donor_type_preference')).toBe('"surrogate"');
    expect(s.map.get('preferred_races')).toBe('["white","asian"]');
    const d = readDraft(s);
    expect(d).toMatchObject({ donor_type_preference: 'surrogate', preferred_races: ['white', 'asian'], values_legal_importance: 75 });
  });

  it('starts from the spec defaults and removes emptied answers', () => {
    const s = memoryStorage();
    expect(readDraft(s)).toEqual(EMPTY_DRAFT);
    expect(EMPTY_DRAFT).toMatchObject({ medical_genetic_importance: 50, lifestyle_environment_importance: 100, values_legal_importance: 25 });
    writeDraftValue(s, 'preferred_races', ['white']);
    writeDraftValue(s, 'preferred_races', []);
    expect(s.map.has('preferred_races')).toBe(false);
  });

  it('survives plain strings from older clients and junk values', () => {
    const s = memoryStorage({ donor_type_preference: 'egg', preferred_races: '{bad', values_legal_importance: '"x"', current_country: 'US' });
    expect(readDraft(s)).toMatchObject({ donor_type_preference: 'egg', preferred_races: [], values_legal_importance: 25, current_country: 'US' });
  });

  it('clears the draft and progress but not the session keys', () => {
    const s = memoryStorage({ userToken: 'a.b.c', profileUserId: 'u1' });
    writeDraftValue(s, 'location', 'Austin, TX, United States');
    writeProgress(s, { step: 3, completed: [0, 1, 2] });
    expect(readProgress(s)).toEqual({ step: 3, completed: [0, 1, 2] });
    clearDraft(s);
    expect([...s.map.keys()].sort()).toEqual(['profileUserId', 'userToken']);
    expect(readProgress(s)).toEqual({ step: 0, completed: [] });
  });
});
