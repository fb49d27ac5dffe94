/**
 * The isomorphic app: providers, router and the shared layout. Server and browser render this
 * same tree; the route table decides the page.
 */
import { Suspense } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { QueryContext, type QueryClient, useQuery } from './query.ts';
import { RouterProvider, useLocation, type Location } from './router.tsx';
import { matchRoute, notFoundRoute, routeQuery } from './routes.ts';
import { Q } from './types.ts';
import { NavBar } from './components/NavBar.tsx';
import { Footer } from './components/Footer.tsx';
import { ToastProvider } from './components/Toast.tsx';
import { OverlayProvider, useOverlay } from './components/overlay-context.tsx';
import { Spinner } from './components/Spinner.tsx';

interface Props {
  client: QueryClient;
  location: Location;
  helmetContext?: object;
  /** The server answered this location with its 404 page (one document for every unknown URL). */
  notFound?: boolean;
}

/** The page is the home page with a story open (/?story=<id>, a story that exists). */
function storyInUrl(client: QueryClient, location: Location): boolean {
  if (location.pathname !== '/') return false;
  const id = new URLSearchParams(location.search).get('story');
  return !!id && !!client.get(Q.stories).data?.some((s) => s.id === id);
}

export function App({ client, location, helmetContext = {}, notFound = false }: Props) {
  return (
    <HelmetProvider context={helmetContext}>
      <QueryContext.Provider value={client}>
        <RouterProvider initial={location}>
          <ToastProvider>
            <OverlayProvider storyExpanded={storyInUrl(client, location)}>
              <Layout notFoundAt={notFound ? location.pathname + location.search : null} />
            </OverlayProvider>
          </ToastProvider>
        </RouterProvider>
      </QueryContext.Provider>
    </HelmetProvider>
  );
}

function Layout({ notFoundAt }: { notFoundAt: string | null }) {
  const location = useLocation();
  // An unknown id or a page past the last: the server sent its 404 page for this URL.
  const { route, params } = notFoundAt === location.pathname + location.search ? { route: notFoundRoute, params: {} } : matchRoute(location.pathname);
  const site = useQuery(Q.site).data;
  const { storyExpanded } = useOverlay();
  const Page = route.page;
  // While a story is expanded, only the header and the story can be used (StoryDetail).
  const behind = storyExpanded || undefined;
  return (
    <>
      <a className="skip-link" href="#main" inert={behind}>
        Skip to main content
      </a>
      <NavBar transparentAtTop={!!route.transparentHeader} />
      <main id="main" tabIndex={-1}>
        {/* Pages other than home load on demand: the seed's spinner shows meanwhile. */}
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Page key={location.pathname} data={route.data(params, routeQuery(route, location.search))} />
        </Suspense>
      </main>
      {site && <Footer site={site} inert={behind} />}
    </>
  );
}
