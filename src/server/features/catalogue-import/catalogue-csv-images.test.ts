import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { importCsv } from '../../test/csv-import';
import { multipartFile } from '../../test/multipart';
import { isPublicAddress, remoteFetcher, RemoteFileError, type RemoteFetcher } from '../../infra/remote-file';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#b91c1c' } })
    .png()
    .toBuffer();

// What the injected fetcher answers per URL, standing in for the internet.
const remote = new Map<string, Buffer | Error>();
const fetchRemote: RemoteFetcher = async (url) => {
  const answer = remote.get(url);
  if (!answer) throw new RemoteFileError('answered HTTP 404');
  if (answer instanceof Error) throw answer;
  return answer;
};

let t: TestApp, admin: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' }, {}, { fetchRemote });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

const HEADER = 'sku,name,price,quantity,minOrder,description,image';
const newRow = (sku: string, image: string) => `${sku},Img ${sku},10,5,1,Desc,${image}`;
const productOf = async (sku: string) => {
  const res = await t.app.inject({ url: `/api/admin/products?q=${sku}`, headers: admin.headers });
  return (res.json() as { sku: string; img: string }[]).find((p) => p.sku === sku);
};

describe('CSV rows naming their image', () => {
  it('fetches an image by URL, stores it as WebP like an upload, and creates the product with it', async () => {
    remote.set('https://images.example/pump.png', await png());
    const report = await importCsv(
      t.app,
      admin,
      [HEADER, newRow('IMG-URL-1', 'https://images.example/pump.png')].join('\n'),
    );
    expect(report).toMatchObject({ status: 'done', created: 1, rejected: 0 });
    const product = await productOf('IMG-URL-1');
    expect(product!.img).toMatch(/^\/media\/uploads\/[0-9a-f]{24}\.webp$/);
    const file = await t.app.inject(product!.img);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it('reuses a stored image by its file name', async () => {
    const body = multipartFile('image', 'drill.png', 'image/png', await png());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    const url = upload.json().data.url as string;
    const name = url.split('/').pop()!;
    const report = await importCsv(t.app, admin, [HEADER, newRow('IMG-NAME-1', name)].join('\n'));
    expect(report).toMatchObject({ status: 'done', created: 1 });
    expect((await productOf('IMG-NAME-1'))!.img).toBe(url);
  });

  it('reports a row whose image cannot be brought in, and writes nothing in all-or-nothing mode', async () => {
    remote.set('https://images.example/page.png', Buffer.from('<html>not an image</html>'));
    remote.set('https://images.example/slow.png', new RemoteFileError('did not answer within 10 s'));
    const report = await importCsv(
      t.app,
      admin,
      [
        HEADER,
        newRow('IMG-BAD-1', 'https://images.example/page.png'),
        newRow('IMG-BAD-2', 'https://images.example/missing.png'),
        newRow('IMG-BAD-3', 'https://images.example/slow.png'),
        newRow('IMG-BAD-4', 'nowhere.webp'),
      ].join('\n'),
    );
    expect(report).toMatchObject({ status: 'rejected', created: 0, rejected: 4 });
    expect(report.problems).toEqual([
      { line: 2, column: 'image', message: 'is not a JPEG, PNG or WebP image' },
      { line: 3, column: 'image', message: 'answered HTTP 404' },
      { line: 4, column: 'image', message: 'did not answer within 10 s' },
      {
        line: 5,
        column: 'image',
        message: 'no stored image is named nowhere.webp: upload it first, or give its URL',
      },
    ]);
    expect(await productOf('IMG-BAD-1')).toBeUndefined();
  });
});

describe('CSV rows of new products without an image (an ERP export)', () => {
  it('creates them with one shared placeholder image and lists each in the report as a warning', async () => {
    const report = await importCsv(
      t.app,
      admin,
      [
        'sku,name,price,quantity,minOrder,description',
        'ERP-1,Pump ERP-1,10,5,1,From the ERP',
        'ERP-2,Pump ERP-2,12,5,1,From the ERP',
      ].join('\n'),
    );
    expect(report).toMatchObject({ status: 'done', created: 2, rejected: 0, problems: [] });
    expect(report.warnings).toEqual([
      { line: 2, column: 'image', message: expect.stringContaining('placeholder image') },
      { line: 3, column: 'image', message: expect.stringContaining('placeholder image') },
    ]);
    const [one, two] = [await productOf('ERP-1'), await productOf('ERP-2')];
    expect(one!.img).toMatch(/^\/media\/products\/[0-9a-f]{24}\.webp$/);
    expect(two!.img).toBe(one!.img);
    const file = await t.app.inject(one!.img);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it("leaves an existing product's image alone when the column is empty, with no warning", async () => {
    remote.set('https://images.example/own.png', await png());
    await importCsv(t.app, admin, [HEADER, newRow('ERP-OWN', 'https://images.example/own.png')].join('\n'));
    const before = (await productOf('ERP-OWN'))!.img;
    const report = await importCsv(t.app, admin, ['sku,price', 'ERP-OWN,15'].join('\n'));
    expect(report).toMatchObject({ status: 'done', updated: 1, warnings: [] });
    expect((await productOf('ERP-OWN'))!.img).toBe(before);
  });
});

describe("the shop's own fetcher", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const image = await png();
    server = createServer((req, res) => {
      if (req.url === '/ok.png') return res.end(image);
      if (req.url === '/big') {
        res.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < 6; i++) res.write(chunk);
        return res.end();
      }
      if (req.url === '/hop') return res.writeHead(302, { location: '/ok.png' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      // /silent never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const limits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 500 };

  it('refuses loopback, private and link-local addresses, by literal address or by name', async () => {
    const fetch = remoteFetcher();
    for (const url of [
      `${base}/ok.png`,
      `http://localhost:${new URL(base).port}/ok.png`,
      'http://169.254.169.254/x',
      'http://[::1]/x',
    ])
      await expect(fetch(url, limits), url).rejects.toThrow(
        'points to a private or local network address, which is refused',
      );
    await expect(fetch('file:///etc/passwd', limits)).rejects.toThrow('must be an http or https URL');
    expect(
      [
        '127.0.0.1',
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '::1',
        'fd00::1',
        '::ffff:127.0.0.1',
        '0.0.0.0',
      ].filter(isPublicAddress),
    ).toEqual([]);
    expect(['93.184.216.34', '2606:4700::1111', '8.8.8.8'].every(isPublicAddress)).toBe(true);
  });

  it('follows a few redirects, and stops at the size limit and the timeout', async () => {
    const fetch = remoteFetcher(() => true);
    expect((await fetch(`${base}/hop`, limits)).length).toBeGreaterThan(0);
    await expect(fetch(`${base}/loop`, limits)).rejects.toThrow('redirects more than 3 times');
    await expect(fetch(`${base}/big`, limits)).rejects.toThrow('is larger than 5 MB');
    await expect(fetch(`${base}/silent`, limits)).rejects.toThrow('did not answer within 0.5 s');
  });

  it('is what a CSV import uses by default: a loopback URL is a refused row', async () => {
    const plain = await createTestApp({ SEED_DEMO: 'false' });
    try {
      const boss = await signUpAdmin(plain.app);
      const report = await importCsv(
        plain.app,
        boss,
        [HEADER, newRow('IMG-SSRF-1', `${base}/ok.png`)].join('\n'),
      );
      expect(report.problems).toEqual([
        {
          line: 2,
          column: 'image',
          message: 'points to a private or local network address, which is refused',
        },
      ]);
    } finally {
      await plain.close();
    }
  });
});
