/** Hydrates the login page. Imports nothing that is behind the gate. */
import { hydrateRoot } from 'react-dom/client';
import { BOOT_DATA_ID } from '../app/Document.tsx';
import { LoginDocument } from '../app/LoginDocument.tsx';
import type { Assets } from '../app/Document.tsx';
import type { LoginProps } from '../app/pages/LoginPage.tsx';

const bootJson = document.getElementById(BOOT_DATA_ID)!.textContent!;
const boot = JSON.parse(bootJson) as { assets: Assets; login: LoginProps };
hydrateRoot(document, <LoginDocument assets={boot.assets} bootJson={bootJson} props={boot.login} />);
