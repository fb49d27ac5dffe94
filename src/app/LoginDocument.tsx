import { Helmet, HelmetProvider } from 'react-helmet-async';
import { Document, type Assets } from './Document.tsx';
import { LoginPage, type LoginProps } from './pages/LoginPage.tsx';

/** The login page's whole document: shared shape, its own tiny bundle and no site data. */
export function LoginDocument({ assets, bootJson, props }: { assets: Assets; bootJson: string; props: LoginProps }) {
  return (
    <Document assets={assets} bootJson={bootJson}>
      <HelmetProvider>
        <Helmet>
          <title>Sign in — Halden Rowe Capital</title>
          <meta name="description" content="Enter the site password to continue to Halden Rowe Capital." />
        </Helmet>
        <LoginPage {...props} />
      </HelmetProvider>
    </Document>
  );
}
