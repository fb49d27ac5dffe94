/**
 * SEO and sharing. In public mode with PUBLIC_ORIGIN: every page has an absolute canonical and
 * og:url, an og:image that exists, answers 200 without a session and is 1200 px wide; articles are
 * og:type article with their publication time; the JSON-LD of every page passes a validator of
 * schema.org's required shapes (Organization everywhere, BreadcrumbList below home,
 * NewsArticle/Article on articles, Person on profiles). /sitemap.xml lists every page with a
 * lastmod; the RSS and Atom feeds are well-formed, carry the latest items and link to pages that
 * exist; icons and the web app manifest answer. Under the gate these answer like any page.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { startServer, type TestServer } from '../helpers/server.ts';
import { pagePaths, collection } from '../helpers/pages.ts';
import { routes } from '../../src/app/routes.ts';
import { FEEDS } from '../../src/app/Document.tsx';
import { FEED_ITEMS } from '../../src/server/seo.ts';

const ORIGIN = 'https://www.example.com';
let pub: TestServer;
let gated: TestServer;
before(async () => {
  [pub, gated] = await Promise.all([startServer({ env: { SITE_ACCESS: 'public', PUBLIC_ORIGIN: ORIGIN } }), startServer({})]);
});
after(() => Promise.all([pub.close(), gated.close()]));

const get = (s: TestServer, p: string, init: RequestInit = {}) => fetch(s.url + p, { redirect: 'manual', ...init });
const attr = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, '&');
const meta = (html: string, property: string) => attr(html, new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`));

// ---- A small validator of schema.org shapes: the properties search engines require. ----
type Node = Record<string, unknown>;
const isUrl = (v: unknown) => typeof v === 'string' && v.startsWith(`${ORIGIN}/`);
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const SHAPES: Record<string, Record<string, (v: unknown, n: Node) => boolean>> = {
  Organization: { name: text, url: isUrl, logo: isUrl, '@id': isUrl },
  BreadcrumbList: {
    itemListElement: (v) => Array.isArray(v) && v.length >= 2 && v.every((li: Node, i) => li['@type'] === 'ListItem' && li.position === i + 1 && text(li.name) && isUrl(li.item)),
  },
  NewsArticle: {
    headline: (v) => text(v) && (v as string).length <= 110,
    datePublished: isDate,
    image: (v) => Array.isArray(v) && v.every(isUrl),
    author: (v) => !!v && typeof v === 'object',
    publisher: (v) => !!v && typeof v === 'object',
    mainEntityOfPage: isUrl,
  },
  Person: { name: text, jobTitle: text, url: isUrl, worksFor: (v) => !!v && typeof v === 'object' },
  // Google's required JobPosting properties, and the ones it recommends that we have.
  JobPosting: {
    title: text,
    description: (v) => text(v) && /<h2>/.test(v as string),
    datePosted: isDate,
    validThrough: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T23:59:59-12:00$/.test(v),
    hiringOrganization: (v) => !!v && typeof v === 'object' && isUrl((v as Node)['@id']),
    jobLocation: (v) => {
      const a = (v as Node | undefined)?.address as Node | undefined;
      return !!a && a['@type'] === 'PostalAddress' && text(a.addressLocality) && /^[A-Z]{2}$/.test(String(a.addressCountry)) && text(a.streetAddress);
    },
    employmentType: (v) => ['FULL_TIME', 'PART_TIME', 'TEMPORARY', 'INTERN'].includes(String(v)),
    identifier: (v) => !!v && typeof v === 'object' && text((v as Node).value),
    url: isUrl,
  },
};
SHAPES.Article = SHAPES.NewsArticle;

function validate(node: Node, where: string) {
  assert.equal(node['@context'], 'https://schema.org', `${where}: @context`);
  const shape = SHAPES[String(node['@type'])];
  assert.ok(shape, `${where}: unknown @type ${String(node['@type'])}`);
  for (const [prop, ok] of Object.entries(shape)) assert.ok(ok(node[prop], node), `${where}: ${String(node['@type'])}.${prop} = ${JSON.stringify(node[prop])}`);
}
function jsonLd(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Node | Node[]);
  return blocks.flat();
}

test('validator self-check: it refuses what is wrong', () => {
  assert.throws(() => validate({ '@context': 'https://schema.org', '@type': 'Organization', name: 'x', url: '/relative', logo: `${ORIGIN}/l.png`, '@id': `${ORIGIN}/#o` }, 't'));
  assert.throws(() => validate({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'h', datePublished: 'yesterday' }, 't'));
});

test('every page: absolute canonical and og:url, an og:image that answers 200 at 1200 px, valid JSON-LD', async () => {
  const checkedImages = new Set<string>();
  for (const p of pagePaths()) {
    const html = await (await get(pub, p)).text();
    assert.equal(attr(html, /<link rel="canonical" href="([^"]*)"/), ORIGIN + p, `${p}: canonical`);
    assert.equal(meta(html, 'og:url'), ORIGIN + p, `${p}: og:url`);
    const image = meta(html, 'og:image');
    assert.ok(image?.startsWith(`${ORIGIN}/images/`), `${p}: og:image ${image}`);
    if (!checkedImages.has(image!)) {
      checkedImages.add(image!);
      const res = await get(pub, image!.slice(ORIGIN.length));
      assert.equal(res.status, 200, `${image} answers`);
      const { width } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      assert.equal(width, 1200, `${image} is 1200 px wide`);
      assert.equal(meta(html, 'og:image:width'), '1200');
    }
    const nodes = jsonLd(html);
    nodes.forEach((n, i) => validate(n, `${p} #${i}`));
    assert.equal(nodes.filter((n) => n['@type'] === 'Organization').length, 1, `${p}: one Organization`);
    if (p !== '/')
      assert.ok(
        nodes.some((n) => n['@type'] === 'BreadcrumbList'),
        `${p}: breadcrumbs`,
      );
    const kind = p.startsWith('/research/') ? 'Article' : /^\/(news|press-release)\//.test(p) ? 'NewsArticle' : p.startsWith('/team/') ? 'Person' : p.startsWith('/careers/') ? 'JobPosting' : null;
    if (kind)
      assert.ok(
        nodes.some((n) => n['@type'] === kind),
        `${p}: ${kind}`,
      );
    if (kind && kind !== 'Person' && kind !== 'JobPosting') {
      assert.equal(meta(html, 'og:type'), 'article', `${p}: og:type`);
      assert.ok(isDate(meta(html, 'article:published_time')), `${p}: article:published_time`);
    } else {
      assert.equal(meta(html, 'og:type'), 'website', `${p}: og:type`);
    }
    for (const f of FEEDS) assert.match(html, new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${f.path}"`), `${p}: ${f.path}`);
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest"/);
  }
});

test('/sitemap.xml lists every page, each item of every collection, with a lastmod', async () => {
  const res = await get(pub, '/sitemap.xml');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/xml/);
  const body = await res.text();
  assert.match(body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const urls = [...body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)].map((m) => m[1]);
  assert.equal(urls.length, (body.match(/<url>/g) ?? []).length, 'every <url> has a loc and a lastmod');
  const noindex = routes.filter((r) => r.noindex).map((r) => r.pattern);
  assert.deepEqual(noindex, ['/search'], 'search results are the one page left out');
  for (const p of pagePaths()) {
    if (noindex.includes(p)) assert.ok(!urls.some((u) => u.startsWith(ORIGIN + p)), `${p} not listed`);
    else assert.ok(urls.includes(ORIGIN + p), `${p} listed`);
  }
  const expected =
    routes.filter((r) => !r.pattern.includes(':') && !r.noindex).length +
    collection('/api/team').length +
    collection('/api/research').length +
    collection('/api/press-releases').length +
    collection('/api/news').length +
    collection('/api/portfolio').length +
    collection('/api/careers').length;
  assert.equal(urls.length, expected, 'every page, once');
  assert.equal(new Set(urls).size, urls.length);
  const news = collection<{ id: string; date: string }>('/api/news')[0];
  assert.match(body, new RegExp(`<loc>${ORIGIN}/news/${news.id}</loc><lastmod>${news.date.slice(0, 10)}</lastmod>`));
});

test('the feeds: RSS 2.0 and Atom, the latest items, links to pages that exist', async () => {
  for (const f of FEEDS) {
    const rss = await get(pub, f.path);
    assert.equal(rss.status, 200, f.path);
    assert.match(rss.headers.get('content-type') ?? '', /application\/rss\+xml/);
    const r = await rss.text();
    assert.match(r, /^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    assert.match(r, /<channel>\s*<title>[^<]+<\/title>\s*<link>https:\/\/www.example.com\/<\/link>\s*<description>[^<]+<\/description>/);
    const items = [...r.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]);
    const all = collection<{ link: string; date: string }>(`/api/${f.collection}`);
    assert.equal(items.length, Math.min(FEED_ITEMS, all.length));
    for (const [i, item] of items.entries()) {
      assert.match(item, /<title><!\[CDATA\[.+\]\]><\/title>/);
      const link = /<link>([^<]+)<\/link>/.exec(item)?.[1] ?? '';
      assert.equal(link, ORIGIN + all[i].link, 'newest first, absolute');
      assert.ok(!Number.isNaN(Date.parse(/<pubDate>([^<]+)<\/pubDate>/.exec(item)?.[1] ?? '')), 'pubDate');
      assert.match(item, /<guid[^>]*>[^<]+<\/guid>/);
      assert.equal((await get(pub, link.slice(ORIGIN.length))).status, 200, `${link} exists`);
    }
    const atom = await get(pub, f.path.replace(/\.xml$/, '.atom'));
    assert.equal(atom.status, 200);
    assert.match(atom.headers.get('content-type') ?? '', /application\/atom\+xml/);
    const a = await atom.text();
    assert.match(a, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    for (const el of ['id', 'title', 'updated']) assert.match(a, new RegExp(`<${el}>[^<]+</${el}>`));
    assert.equal((a.match(/<entry>/g) ?? []).length, items.length);
  }
  assert.equal((await get(pub, '/feeds/nothing.xml')).status, 404);
});

test('icons and the web app manifest answer, in both modes, without a session', async () => {
  for (const s of [pub, gated]) {
    const ico = await get(s, '/favicon.ico');
    assert.equal(ico.status, 200);
    assert.equal(ico.headers.get('content-type'), 'image/x-icon');
    const touch = await get(s, '/apple-touch-icon.png');
    assert.equal((await sharp(Buffer.from(await touch.arrayBuffer())).metadata()).width, 180);
    const manifest = await get(s, '/manifest.webmanifest');
    assert.match(manifest.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const m = (await manifest.json()) as { name: string; icons: { src: string }[] };
    assert.equal(m.name, 'Halden Rowe Capital');
    for (const icon of m.icons) assert.equal((await get(s, icon.src)).status, 200, icon.src);
  }
});

test('under the gate: sitemap and feeds answer like any page; no canonical without PUBLIC_ORIGIN', async () => {
  for (const p of ['/sitemap.xml', '/feeds/news.xml', '/feeds/research.atom']) {
    const res = await get(gated, p);
    assert.equal(res.status, 302, p);
    assert.match(res.headers.get('location') ?? '', /^\/login/);
  }
  const cookie = await gated.login();
  const sitemap = await get(gated, '/sitemap.xml', { headers: { cookie } });
  assert.equal(sitemap.status, 200);
  assert.equal(sitemap.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.match(await sitemap.text(), new RegExp(`<loc>${gated.url}/team</loc>`), 'the origin the request named');
  const html = await (await get(gated, '/team', { headers: { cookie } })).text();
  assert.doesNotMatch(html, /rel="canonical"/);
  assert.equal(meta(html, 'og:image'), '/images/site/og-default.jpg');
});
