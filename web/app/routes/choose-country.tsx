import { useLocation, useNavigate } from 'react-router';
import { serverContext } from '#server-context';
import { listCountries } from '../../../server/src/settings/countries.ts';
import { CountryList } from '../components/dialogs/CountryList';
import { useCurrentCountry } from '../components/dialogs/useCurrentCountry';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pickLocale } from '../i18n/locale.server';
import { pageMeta } from '../lib/meta';
import { chooseSessionCountry } from '../lib/session-country';
import type { Route } from './+types/choose-country';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'chooseCountry');

/** Country names come from the server's ICU, so the hydrated page shows exactly what was rendered. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { countries: listCountries(pickLocale(request, context.get(serverContext).defaultLocale).locale) };
}

/** The country chooser as a page, with the same list as the dialog; choosing goes back where the visitor was. */
export default function ChooseCountry({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <>
      <PageIntro page="chooseCountry" />
      <CountryList
        countries={loaderData.countries}
        current={useCurrentCountry().code}
        onChoose={(code) => {
          chooseSessionCountry(code);
          // 'default' is the first entry of this visit: there is nothing of ours to go back to.
          if (key === 'default') navigate('/');
          else navigate(-1);
        }}
      />
    </>
  );
}
