import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTACT_LIMITS, FIELD_HINT_ERRORS, isValidEmail, normalizeContact, parseErrorFields, validateContact } from '../../src/app/contact-validation.ts';

const good = { name: 'Dana Whitfield', email: 'dana@northwind.com', company: 'Northwind Logistics', message: 'We would like to discuss a growth investment.' };

test('a complete message is valid and comes back trimmed', () => {
  const r = validateContact({ ...good, name: '  Dana  Whitfield ', message: '\n  Hello there, friends.  \n' });
  assert.equal(r.ok, true);
  if (r.ok) {
    assert.equal(r.value.name, 'Dana Whitfield');
    assert.equal(r.value.message, 'Hello there, friends.');
  }
});

test('company is optional', () => {
  assert.equal(validateContact({ ...good, company: '' }).ok, true);
  assert.equal(validateContact({ name: good.name, email: good.email, message: good.message }).ok, true);
});

test('missing required fields are each named', () => {
  const r = validateContact({});
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.deepEqual(Object.keys(r.errors).sort(), ['email', 'message', 'name']);
    assert.match(r.errors.name!, /enter your name/);
    assert.match(r.errors.email!, /email address/);
    assert.match(r.errors.message!, /enter a message/);
  }
});

test('whitespace-only values count as missing', () => {
  const r = validateContact({ name: '   ', email: ' ', message: '\n\n\t ' });
  assert.equal(r.ok, false);
  if (!r.ok) assert.deepEqual(Object.keys(r.errors).sort(), ['email', 'message', 'name']);
});

test('non-string values (arrays from forms, numbers from JSON) are rejected, not crashed on', () => {
  for (const raw of [null, undefined, 42, 'text', [], { name: ['a', 'b'], email: 5, message: { x: 1 } }]) {
    const r = validateContact(raw);
    assert.equal(r.ok, false);
  }
});

test('length limits: name 200, email 254, company 200, message 10–5000', () => {
  const at = (field: string, value: string) => validateContact({ ...good, [field]: value });
  assert.equal(at('name', 'a'.repeat(CONTACT_LIMITS.name)).ok, true);
  assert.equal(at('name', 'a'.repeat(CONTACT_LIMITS.name + 1)).ok, false);
  assert.equal(at('company', 'c'.repeat(200)).ok, true);
  assert.equal(at('company', 'c'.repeat(201)).ok, false);
  assert.equal(at('message', 'm'.repeat(9)).ok, false);
  assert.equal(at('message', 'm'.repeat(10)).ok, true);
  assert.equal(at('message', 'm'.repeat(5000)).ok, true);
  const long = at('message', 'm'.repeat(5001));
  assert.equal(long.ok, false);
  if (!long.ok) assert.match(long.errors.message!, /5,000 characters or fewer/);
  const short = at('message', 'too short');
  if (!short.ok) assert.match(short.errors.message!, /at least 10 characters/);
  const local = 'a'.repeat(64);
  const email254 = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`;
  assert.equal(email254.length, 254);
  assert.equal(at('email', email254).ok, true);
  assert.equal(at('email', `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.com`).ok, false);
});

test("a textarea's CRLF line breaks count as one character, like the browser shows them", () => {
  const message = Array.from({ length: 10 }, () => 'x'.repeat(499)).join('\r\n') + 'x';
  assert.equal(message.length, 5009);
  const r = validateContact({ ...good, message });
  assert.equal(r.ok, true);
  if (r.ok) assert.equal(r.value.message.length, 5000);
  assert.equal(normalizeContact({ message: 'line one\r\nline two\rline three' }).message, 'line one\nline two\nline three');
});

test('control characters are stripped, line breaks in names are collapsed', () => {
  const v = normalizeContact({ name: 'Dana\u0000\nWhitfield', message: 'Hello\u0007 there\tfriend\nbye' });
  assert.equal(v.name, 'Dana Whitfield');
  assert.equal(v.message, 'Hello there\tfriend\nbye');
});

test('email syntax', () => {
  for (const ok of ['a@b.co', 'first.last@example.com', 'x+tag@sub.example.co.uk', "o'neil@example.ie", 'user@xn--bcher-kva.ch']) {
    assert.equal(isValidEmail(ok), true, ok);
  }
  for (const bad of [
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@localhost',
    'a b@example.com',
    'a@exa mple.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@-example.com',
    'a@example-.com',
    'a@example.c',
    'a@example.123',
    'a@@example.com',
    'a@example..com',
    `${'a'.repeat(65)}@example.com`,
  ]) {
    assert.equal(isValidEmail(bad), false, bad);
  }
  const r = validateContact({ ...good, email: 'dana@northwind' });
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.errors.email!, /valid email address/);
});

test('the no-JavaScript error list keeps known fields only, in form order', () => {
  assert.deepEqual(parseErrorFields('message,name,bogus,email'), ['name', 'email', 'message']);
  assert.deepEqual(parseErrorFields(''), []);
  assert.deepEqual(parseErrorFields(null), []);
  assert.deepEqual(parseErrorFields('throttled'), []);
  for (const f of ['name', 'email', 'company', 'message'] as const) assert.ok(FIELD_HINT_ERRORS[f].length > 10);
});
