import { serverContext } from '#server-context';
import type { AppearancesAnswer } from '../../../../server/src/compliance/performers/performers-schema.ts';
import { Appearances } from '../../components/performers/Appearances';
import { appearancesPath } from '../../components/performers/performers-api';
import { studioData } from '../../components/studio/studio-loader.server';
import type { Route } from './+types/appearances';

/** /studio/appearances: the posts the creator appears in, tagged by others (GET /api/me/appearances). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { first: await studioData<AppearancesAnswer>(context.get(serverContext).api, request, appearancesPath()) };
}

export default function StudioAppearances({ loaderData }: Route.ComponentProps) {
  return <Appearances first={loaderData.first} />;
}
