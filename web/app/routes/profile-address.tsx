/**
 * An address of the profile page: /{profile} or /user/{username}/{id}. Their layout (profile.tsx) is the
 * whole page, so this renders nothing; without a component of its own the address would be served as a
 * resource route instead of a page.
 */
export default function ProfileAddress() {
  return null;
}
