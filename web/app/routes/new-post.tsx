import { serverContext } from '#server-context';
import type { IdentityStanding } from '../../../server/src/compliance/verification/verification-schema.ts';
import { VerifyToUpload } from '../components/identity/VerifyToUpload';
import type { RouteHandle } from '../components/layout/layouts';
import { ImportComposer } from '../components/upload/ImportComposer';
import { UploadComposer } from '../components/upload/UploadComposer';
import { loginRedirect } from '../lib/login-next';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/new-post';

export const handle: RouteHandle = { layout: 'desktop' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'newPost'), { name: 'robots', content: 'noindex' }];

/** Spec §6: an authonly page; visitors go to /login with this address as `next`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const me = await api<{ statusCode?: number }>('/api/user/me');
  const url = new URL(request.url);
  if (me.statusCode !== 2) loginRedirect(request);
  // The uploader gate (UPLOADS_REQUIRE_VERIFICATION): an account it refuses is told how to get verified
  // before any file is chosen.
  const standing = await api<IdentityStanding>('/api/identity');
  // `import` opens the URL import: empty for the link form, or the id of an import to follow and publish.
  const imported = url.searchParams.get('import');
  const importJob = imported && /^\d{1,15}$/.test(imported) ? Number(imported) : undefined;
  // Spec §2: `mobile` is set when the window was at most 945 px wide as the file was chosen.
  return { mobile: url.searchParams.has('mobile'), importing: imported !== null, importJob, standing };
}

export default function NewPost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.standing.mayUpload) return <VerifyToUpload standing={loaderData.standing} />;
  if (loaderData.importing) return <ImportComposer jobId={loaderData.importJob} />;
  return <UploadComposer mobile={loaderData.mobile} />;
}
