import { useLoaderData } from 'react-router';

export const meta = () => [{ title: 'Trivial page' }];

/** One loader value and a heading: what any server-rendered React Router page does at the least. */
export function loader() {
  return { greeting: 'Hello from a trivial React Router page' };
}

export default function Home() {
  const { greeting } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Served by Fastify through the same adapter as Velvet, to measure what a page costs at the least.</p>
    </main>
  );
}
