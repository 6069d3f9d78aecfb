import { useEffect, useState } from 'react';
import type { UserView } from '../../../../server/src/search/search.service.ts';
import { api } from '../../lib/api';
import { normaliseUsername } from './manifest-draft';

/** Wait after the last key before asking, so typing a name costs one search. */
const SUGGEST_DELAY_MS = 250;

/** Accounts whose name starts like the text (GET /api/search/user), for the username field's list. */
export function useAccountSuggestions(text: string): readonly UserView[] {
  const [users, setUsers] = useState<readonly UserView[]>([]);
  useEffect(() => {
    const query = normaliseUsername(text);
    if (query.length < 2) return setUsers([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<{ users?: UserView[] }>(`/api/search/user?q=${encodeURIComponent(query)}`, { signal: controller.signal }).then(
        (answer) => setUsers((answer.users ?? []).slice(0, 8)),
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return users;
}
