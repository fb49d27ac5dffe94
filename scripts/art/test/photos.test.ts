/**
 * The photograph pipeline (lib/photos.ts, images.ts): a photo under
 * content/images/<key>.jpg replaces the generated artwork of that key with the same variants,
 * sizes and intrinsic dimensions, cut around its focal point, with a colour placeholder; a broken
 * photo or a key with no source fails, naming the file. The fixtures are made here with sharp.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { focalCrop, readSidecar, stalePhotos, ImageSourceError } from '../lib/photos.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const temps: string[] = [];
after(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A temporary content folder with one research entry whose image is `key`. */
function project(key: string): { content: string; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-photos-'));
  temps.push(dir);
  const content = path.join(dir, 'content');
  mkdirSync(path.join(content, 'research'), { recursive: true });
  writeFileSync(path.join(content, 'research', 'sample.md'), `---\ncategory: Market Commentary\ntitle: Sample\nimage: ${key}\n---\nText.\n`);
  // the share card's lines come from the site facts
  writeFileSync(path.join(content, 'site.json'), readFileSync(path.join(ROOT, 'content', 'site.json')));
  return { content, out: path.join(dir, 'out') };
}

function runImages(p: { content: string; out: string }) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/art/images.ts')], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: p.content, IMAGES_OUT_DIR: p.out },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** 3000×1000 JPEG: grey field, a blue block on the far left, a red block on the far right. */
async function fixtureJpeg(file: string) {
  const block = (color: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: color } })
      .png()
      .toBuffer();
  await sharp({ create: { width: 3000, height: 1000, channels: 3, background: { r: 120, g: 128, b: 136 } } })
    .composite([
      { input: await block({ r: 20, g: 40, b: 230 }), left: 200, top: 400 },
      { input: await block({ r: 230, g: 30, b: 30 }), left: 2600, top: 300 },
    ])
    .jpeg({ quality: 92 })
    .toFile(file);
}

test('focalCrop: the largest box of the aspect, centred on the focal point, kept inside the picture', () => {
  assert.deepEqual(focalCrop(3000, 1000, 3 / 2, 0.5, 0.5), { left: 750, top: 0, width: 1500, height: 1000 });
  assert.deepEqual(focalCrop(3000, 1000, 3 / 2, 0.85, 0.5), { left: 1500, top: 0, width: 1500, height: 1000 });
  assert.deepEqual(focalCrop(3000, 1000, 3 / 2, 0, 0), { left: 0, top: 0, width: 1500, height: 1000 });
  assert.deepEqual(focalCrop(1000, 2000, 4 / 5, 0.5, 0.2), { left: 0, top: 0, width: 1000, height: 1250 });
  assert.deepEqual(focalCrop(1000, 2000, 4 / 5, 0.5, 0.8), { left: 0, top: 750, width: 1000, height: 1250 });
});

test('sidecar: focus and crop are checked, a bad one names its file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-sidecar-'));
  temps.push(dir);
  assert.deepEqual(readSidecar(undefined), { focus: { x: 0.5, y: 0.5 } });
  const good = path.join(dir, 'good.yaml');
  writeFileSync(good, 'focus: { x: 0.25, y: 0.4 }\ncrop: { left: 0, top: 0.1, width: 1, height: 0.8 }\n');
  assert.deepEqual(readSidecar(good), { focus: { x: 0.25, y: 0.4 }, crop: { left: 0, top: 0.1, width: 1, height: 0.8 } });
  const bad = path.join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ focus: { x: 1.4, y: 0.5 } }));
  assert.throws(
    () => readSidecar(bad),
    (err: Error) => err instanceof ImageSourceError && /bad\.json: focus must be/.test(err.message),
  );
  writeFileSync(bad, JSON.stringify({ focal: { x: 0.4, y: 0.5 } }));
  assert.throws(() => readSidecar(bad), /bad\.json: unknown field\(s\) focal/);
});

test('a JPEG in content/images replaces the artwork: same variants and sizes, cut around the focal point, colour placeholder', async () => {
  const p = project('research/sample');
  mkdirSync(path.join(p.content, 'images', 'research'), { recursive: true });
  await fixtureJpeg(path.join(p.content, 'images', 'research', 'sample.jpg'));
  writeFileSync(path.join(p.content, 'images', 'research', 'sample.json'), JSON.stringify({ focus: { x: 0.85, y: 0.5 } }));
  const r = runImages(p);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /research\/sample\s+photo\s/);

  const manifest = JSON.parse(readFileSync(path.join(p.out, 'manifest.json'), 'utf8'));
  const entry = manifest['research/sample'];
  assert.deepEqual({ width: entry.width, height: entry.height, widths: entry.widths }, { width: 1200, height: 800, widths: [480, 800, 1200] });
  assert.ok(manifest['site/og-default'], 'generated artwork is still made for the other keys');

  for (const w of entry.widths as number[]) {
    for (const ext of ['avif', 'webp']) {
      const file = path.join(p.out, 'research', `sample-${w}.${ext}`);
      assert.ok(existsSync(file), `${file} exists`);
      const meta = await sharp(file).metadata();
      assert.deepEqual([meta.width, meta.height, meta.format], [w, Math.round((w * 2) / 3), ext === 'avif' ? 'heif' : 'webp']);
    }
  }

  // Focus at x 0.85: the right half of the 3:1 photo (x 1500–3000) is kept, so the red block
  // (x 2600–2800, y 300–500) lands at x 352–416, y 96–160 of the 480×320 variant (scale 0.32),
  // and the blue block on the far left (y 400–600 → 128–192) is cut away.
  const { data, info } = await sharp(path.join(p.out, 'research', 'sample-480.webp'))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
  const [r1, g1, b1] = px(384, 128);
  assert.ok(r1! > 180 && g1! < 80 && b1! < 80, `red block inside the crop, got ${px(384, 128).join(',')}`);
  for (let x = 0; x < info.width; x += 8) {
    const [, , b] = px(x, 160);
    assert.ok(b! < 180, `no blue block in the crop (x ${x}: ${px(x, 160).join(',')})`);
  }

  // Placeholder: the mean colour of the picture, like the artwork's.
  const stats = await sharp(path.join(p.out, 'research', 'sample-1200.webp')).stats();
  const mean = stats.channels.slice(0, 3).map((c) => c.mean);
  const placeholder = [1, 3, 5].map((i) => parseInt((entry.color as string).slice(i, i + 2), 16));
  assert.match(entry.color, /^#[0-9a-f]{6}$/);
  placeholder.forEach((v, i) => assert.ok(Math.abs(v - mean[i]!) < 6, `placeholder ${entry.color} vs mean ${mean.map(Math.round).join(',')}`));

  // The build's check: current photos pass; an edited sidecar (or photo) is named until remade.
  const images = path.join(p.content, 'images');
  assert.deepEqual(stalePhotos(images, path.join(p.out, 'sources.json')), []);
  writeFileSync(path.join(images, 'research', 'sample.json'), JSON.stringify({ focus: { x: 0.2, y: 0.5 } }));
  const stale = stalePhotos(images, path.join(p.out, 'sources.json'));
  assert.equal(stale.length, 1);
  assert.match(stale[0]!, /images\/research\/sample\.jpg: changed \(run npm run images/);
});

test('a corrupt photograph fails the run and names the file', () => {
  const p = project('research/sample');
  mkdirSync(path.join(p.content, 'images', 'research'), { recursive: true });
  writeFileSync(path.join(p.content, 'images', 'research', 'sample.jpg'), Buffer.from('\xff\xd8\xff\xe0 this is not really a JPEG', 'latin1'));
  const r = runImages(p);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /images\/research\/sample\.jpg: cannot read the image/);
  assert.ok(!existsSync(path.join(p.out, 'manifest.json')), 'no manifest is written');
});

test('a key the content names with no photograph and no generator fails, naming the content file', () => {
  const p = project('photos/nowhere');
  const r = runImages(p);
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /research\/sample\.md › image: no image "photos\/nowhere"/);
  assert.match(r.stderr, /images\/photos\/nowhere\.jpg/);
});
