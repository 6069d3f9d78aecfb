import { ContactForm } from '../components/discovery/ContactForm';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/contact-us';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'contactUs');

export default function ContactUs() {
  return (
    <>
      <PageIntro page="contactUs" />
      <ContactForm />
    </>
  );
}
