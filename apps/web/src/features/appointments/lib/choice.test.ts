import { describe, expect, it } from 'vitest';
import { choiceFromParams, choiceToParams, defaultVisitType, withoutChoice } from './choice.ts';
import { safeReturnPath, signInReturnPath } from '../../../lib/return-path.ts';

describe('the booking choice in the address bar', () => {
  it('round-trips and keeps the search beside it', () => {
    const choice = {
      clinic: 'CLN-NSC',
      visitTypeId: 'v1',
      startsAt: '2026-12-01T16:00:00Z',
      doner: 'D-1',
      donorType: 'egg',
    };
    const params = new URLSearchParams({ category: 'egg', ...choiceToParams(choice) });
    expect(choiceFromParams(params)).toEqual(choice);
    expect(withoutChoice(params).toString()).toBe('category=egg');
    expect(choiceFromParams(new URLSearchParams('category=egg'))).toBeNull();
    // The waitlist offer's link opens the same modal.
    const offer = new URLSearchParams('clinic=CLN-LKC&date=2026-12-02&offer=4f0c-hold');
    expect(choiceFromParams(offer)).toEqual({ clinic: 'CLN-LKC', offer: '4f0c-hold' });
    expect(withoutChoice(offer).toString()).toBe('date=2026-12-02');
    // Sent to sign in first, the parent comes back to the same offer.
    expect(choiceToParams(choiceFromParams(offer)!)).toEqual({ book: 'CLN-LKC', offer: '4f0c-hold' });
  });

  it('returns a visitor only to a path on this site', () => {
    const back = '/book-appoinment?book=CLN-NSC&at=2026-12-01T16%3A00%3A00Z';
    const login = signInReturnPath('/login', back);
    expect(safeReturnPath(new URL(login, 'http://x').searchParams.get('next'))).toBe(back);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '', null]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('offers the chosen visit, else one of the wanted category', () => {
    const t = (id: string, category: 'egg' | 'ivf', active = true) =>
      ({ id, category, active }) as Parameters<typeof defaultVisitType>[0][number];
    const types = [t('a', 'ivf'), t('b', 'egg', false), t('c', 'egg')];
    expect(defaultVisitType(types, 'a', 'egg')?.id).toBe('a');
    expect(defaultVisitType(types, undefined, 'egg')?.id).toBe('c');
    expect(defaultVisitType(types)?.id).toBe('a');
  });
});
