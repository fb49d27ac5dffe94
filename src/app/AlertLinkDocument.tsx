import { Helmet, HelmetProvider } from 'react-helmet-async';
import { Document, type Assets } from './Document.tsx';
import { AlertLinkPage, ALERT_LINK_TITLES, type AlertLinkProps } from './pages/AlertLinkPage.tsx';

/** An alert link's page: the login page's shape, the site's stylesheet, no script and no data. */
export function AlertLinkDocument({ assets, props, gated }: { assets: Assets; props: AlertLinkProps; gated: boolean }) {
  return (
    <Document assets={assets} bootJson="{}">
      <HelmetProvider>
        <Helmet>
          <title>{`${ALERT_LINK_TITLES[props.kind]} — Halden Rowe Capital`}</title>
          <meta name="robots" content="noindex" />
        </Helmet>
        <AlertLinkPage {...props} gated={gated} />
      </HelmetProvider>
    </Document>
  );
}
