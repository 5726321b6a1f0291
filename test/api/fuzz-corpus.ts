/**
 * The hostile values of the fuzz test (fuzz.test.ts): ids for paths and queries (already
 * percent-encoded), JSON values for every body field, and raw bodies that are malformed for
 * the content type they claim.
 */
export const HOSTILE_IDS = ['abc', '-1', '0', '2147483648', '1e309', '9'.repeat(40), '1.5', '%00', '1%00', '%ED%A0%80', '%E0%A4%A', '%', 'x'.repeat(6000)];

export const HOSTILE_VALUES: unknown[] = [
  'abc',
  -1,
  0,
  2 ** 31,
  2 ** 63,
  '1e309',
  1e308,
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'x'.repeat(20_000),
  null,
  [],
  { a: 1 },
  true,
  '[1,"x",-1,2147483648]',
];

/** Field names the routes read, so every hostile value reaches real validation and queries. */
export const BODY_FIELDS = [
  'id',
  'event_id',
  'campaign_id',
  'user_id',
  'company_id',
  'organizer_id',
  'template_id',
  'role',
  'roles',
  'permissions',
  'name',
  'email',
  'password',
  'title',
  'url',
  'status',
  'page',
  'type',
  'date',
  'dates',
  'start_date',
  'end_date',
  'description',
  'photo_price_type_id',
  'photo_price',
  'price',
  'subdomain',
  'phone',
  'bib',
  'bibs',
  'video_url',
  'key',
  'value',
];

/** Bodies malformed for their declared type. */
export function rawBodies(): { body: string; type: string }[] {
  const b = 'fuzzboundary';
  return [
    { type: 'application/json', body: '{"email": "a@b.c", "password":' },
    { type: 'application/json', body: '[1,2,3]' },
    { type: 'application/json', body: '"\\ud800"' },
    { type: `multipart/form-data; boundary=${b}`, body: `--${b}\r\nContent-Disposition: form-data; name="email"\r\n\r\nx` },
    { type: 'multipart/form-data', body: 'not multipart at all' },
    {
      type: `multipart/form-data; boundary=${b}`,
      body: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname\n\u0000\r\n--${b}--\r\n`,
    },
    { type: 'application/x-www-form-urlencoded', body: '%%%=&email=%E0%A4%A&password=%ED%A0%80&id=%00' },
    { type: 'application/x-www-form-urlencoded', body: 'a=1&'.repeat(20_000) },
  ];
}
