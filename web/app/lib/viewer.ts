import type { OwnProfile } from '../../../server/src/accounts/profile-schema.ts';
import { useRootData } from './root-data';

/** The signed-in user's own profile (GET /api/user/me), as the root loader passes it. */
export type Viewer = OwnProfile;

/** Undefined for anonymous visitors. */
export function useViewer(): Viewer | undefined {
  return useRootData()?.viewer;
}
