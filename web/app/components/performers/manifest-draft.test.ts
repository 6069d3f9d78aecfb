import { describe, expect, test } from 'vitest';
import { addPerformer, draftProblem, isOnlyMe, manifestBody, normaliseUsername, onlyMe, removePerformer } from './manifest-draft';

const noon = new Date(2026, 10, 27, 12);

describe('the manifest being edited', () => {
  test('starts as only the creator, produced today', () => {
    const draft = onlyMe(noon);
    expect(draft).toEqual({ producedOn: '2026-11-27', performers: [{ kind: 'self' }] });
    expect(isOnlyMe(draft)).toBe(true);
    expect(manifestBody(draft)).toEqual({ producedOn: '2026-11-27', performers: [{ kind: 'self' }] });
  });

  test('lists each account and each guest address once, and removes by position', () => {
    let draft = addPerformer(onlyMe(noon), { kind: 'account', username: normaliseUsername(' @Ada.Lens ') });
    draft = addPerformer(draft, { kind: 'account', username: 'ada.lens' });
    draft = addPerformer(draft, { kind: 'guest', name: ' Bo Rivera ', email: 'bo@example.com ' });
    draft = addPerformer(draft, { kind: 'guest', name: 'Someone else', email: 'BO@example.com' });
    expect(isOnlyMe(draft)).toBe(false);
    expect(manifestBody(draft).performers).toEqual([
      { kind: 'self' },
      { kind: 'account', username: 'ada.lens' },
      { kind: 'guest', name: 'Bo Rivera', email: 'bo@example.com' },
    ]);
    expect(manifestBody(removePerformer(draft, 0)).performers.map((person) => person.kind)).toEqual(['account', 'guest']);
  });

  test('needs someone on the list and a production date that is not in the future', () => {
    expect(draftProblem(onlyMe(noon), noon)).toBeUndefined();
    expect(draftProblem(removePerformer(onlyMe(noon), 0), noon)).toBe('noPerformers');
    expect(draftProblem({ ...onlyMe(noon), producedOn: '' }, noon)).toBe('noDate');
    expect(draftProblem({ ...onlyMe(noon), producedOn: '2026-11-28' }, noon)).toBe('production_date_invalid');
  });
});
