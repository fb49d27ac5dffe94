/**
 * Every host serving the same content answers the same sitemap (issue 34): its lastmod values come
 * from the content's own dates, never from file times, which differ between two checkouts or
 * copies of the same content. On b747b9d pages without a date of their own took the newest file
 * time of the content folder, so a copy made now answered another sitemap (73 of 105 lastmod
 * values differed between two hosts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../helpers/server.ts';
import { ROOT } from '../helpers/spawn-server.ts';

test('two hosts with the same content in folders of different file times answer the same sitemap, byte for byte', async (t) => {
  const copy = mkdtempSync(path.join(tmpdir(), 'hrc-content-'));
  // A copy whose files all carry another modification time than the checkout's.
  cpSync(path.join(ROOT, 'content'), copy, { recursive: true });
  const then = new Date('2001-02-03T04:05:06Z');
  const touch = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) touch(p);
      utimesSync(p, then, then);
    }
  };
  touch(copy);
  const env = { SITE_ACCESS: 'public', PUBLIC_ORIGIN: 'https://www.example.com' };
  const a = await startServer({ env });
  const b = await startServer({ env: { ...env, CONTENT_DIR: copy } });
  t.after(async () => {
    await a.close();
    await b.close();
    rmSync(copy, { recursive: true, force: true });
  });
  const [ra, rb] = await Promise.all([fetch(`${a.url}/sitemap.xml`), fetch(`${b.url}/sitemap.xml`)]);
  const [ba, bb] = [await ra.text(), await rb.text()];
  assert.equal(ra.status, 200);
  assert.equal(ra.headers.get('etag'), rb.headers.get('etag'));
  assert.equal(ba, bb);
  assert.ok(!bb.includes('<lastmod>2001-02-03</lastmod>'), "no lastmod is the copy's file time");
  assert.match(ba, /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
});
