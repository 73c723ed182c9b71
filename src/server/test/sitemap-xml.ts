import { JSDOM } from 'jsdom';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
// sitemap.xsd's tLastmod: a W3C date, or a date and time with a zone.
const W3C_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const FREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

/** Parses strictly as XML (an unescaped `&` or a bad tag fails) and returns the document element. */
function parseXml(xml: string): Element {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc.documentElement;
}

function checkLoc(loc: string, where: string) {
  if (loc.length === 0 || loc.length > 2048) throw new Error(`${where}: loc must be 1-2048 characters`);
  const url = new URL(loc); // throws on a relative or malformed URL
  if (!/^https?:$/.test(url.protocol)) throw new Error(`${where}: loc must be http(s)`);
}

function children(el: Element, where: string, allowed: Record<string, 'required' | 'optional'>) {
  const seen = new Map<string, string>();
  for (const child of Array.from(el.children)) {
    if (child.namespaceURI !== NS || !(child.localName in allowed)) {
      throw new Error(`${where}: unexpected element <${child.tagName}>`);
    }
    if (seen.has(child.localName)) throw new Error(`${where}: <${child.localName}> twice`);
    seen.set(child.localName, child.textContent ?? '');
  }
  for (const [name, rule] of Object.entries(allowed)) {
    if (rule === 'required' && !seen.has(name)) throw new Error(`${where}: <${name}> missing`);
  }
  return seen;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/**
 * A `<urlset>` checked against the rules of sitemaps.org's sitemap.xsd (namespace, elements and their order-free
 * content, loc ≤ 2048 characters, W3C lastmod, changefreq and priority values, ≤ 50,000 URLs), and its URLs.
 */
export function parseUrlset(xml: string): SitemapUrl[] {
  const root = parseXml(xml);
  if (root.localName !== 'urlset' || root.namespaceURI !== NS) throw new Error(`root is <${root.tagName}>`);
  const urls = Array.from(root.children).map((url, i) => {
    if (url.localName !== 'url' || url.namespaceURI !== NS)
      throw new Error(`urlset: unexpected <${url.tagName}>`);
    const where = `url ${i + 1}`;
    const c = children(url, where, {
      loc: 'required',
      lastmod: 'optional',
      changefreq: 'optional',
      priority: 'optional',
    });
    checkLoc(c.get('loc')!, where);
    const lastmod = c.get('lastmod');
    if (lastmod !== undefined && !W3C_DATE.test(lastmod)) throw new Error(`${where}: bad lastmod ${lastmod}`);
    const freq = c.get('changefreq');
    if (freq !== undefined && !FREQ.includes(freq)) throw new Error(`${where}: bad changefreq`);
    const priority = c.get('priority');
    if (priority !== undefined && !(Number(priority) >= 0 && Number(priority) <= 1))
      throw new Error('bad priority');
    return { loc: c.get('loc')!, ...(lastmod !== undefined && { lastmod }) };
  });
  if (urls.length > 50_000) throw new Error(`${urls.length} URLs in one sitemap`);
  return urls;
}

/** A `<sitemapindex>` checked against siteindex.xsd's rules, and the sitemaps it names. */
export function parseSitemapIndex(xml: string): SitemapUrl[] {
  const root = parseXml(xml);
  if (root.localName !== 'sitemapindex' || root.namespaceURI !== NS)
    throw new Error(`root is <${root.tagName}>`);
  return Array.from(root.children).map((s, i) => {
    if (s.localName !== 'sitemap' || s.namespaceURI !== NS)
      throw new Error(`index: unexpected <${s.tagName}>`);
    const c = children(s, `sitemap ${i + 1}`, { loc: 'required', lastmod: 'optional' });
    checkLoc(c.get('loc')!, `sitemap ${i + 1}`);
    const lastmod = c.get('lastmod');
    if (lastmod !== undefined && !W3C_DATE.test(lastmod)) throw new Error(`sitemap ${i + 1}: bad lastmod`);
    return { loc: c.get('loc')!, ...(lastmod !== undefined && { lastmod }) };
  });
}
