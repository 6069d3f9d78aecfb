import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { StaffMeAnswer } from './admin-types';

/**
 * Whether the signed-in user may open the moderation console, asked once the account menu first opens:
 * the answer is the API's (roles are not part of the public profile), and most users never need it.
 */
export function useConsoleAccess(asked: boolean): boolean {
  const [allowed, setAllowed] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!asked || checked) return;
    setChecked(true);
    api<StaffMeAnswer>('/api/admin/me')
      .then((answer) => setAllowed(answer.roles.includes('moderator') || answer.roles.includes('admin')))
      .catch(() => setAllowed(false));
  }, [asked, checked]);
  return allowed;
}
