/** Hydrates the server-rendered document with the data the server embedded. */
import { hydrateRoot } from 'react-dom/client';
import { App } from '../app/App.tsx';
import { BOOT_DATA_ID, Document, type BootData } from '../app/Document.tsx';
import { QueryClient } from '../app/query.ts';
import { parseLocation } from '../app/router.tsx';

const bootJson = document.getElementById(BOOT_DATA_ID)!.textContent!;
const boot = JSON.parse(bootJson) as BootData;
const client = new QueryClient(boot.data);

hydrateRoot(
  document,
  <Document assets={boot.assets} bootJson={bootJson}>
    <App client={client} location={parseLocation(window.location.href)} />
  </Document>,
);
