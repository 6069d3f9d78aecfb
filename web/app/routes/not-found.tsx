import { notFound } from '../lib/route-params';

/** Every path no other route claims: the root error boundary renders the 404 page with HTTP 404. */
export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
