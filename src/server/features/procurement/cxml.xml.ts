import { randomUUID } from 'node:crypto';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/** A refusal in cXML terms: the Status code and text the buyer system reads (and the HTTP status we answer with). */
export class CxmlError extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
    message: string,
  ) {
    super(message);
    this.name = 'CxmlError';
  }
}

export const CXML_DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.069/cXML.dtd">';

/** The body limit of inbound cXML (a real purchase order of a few hundred lines is well below). */
export const CXML_BODY_LIMIT = 1024 * 1024;

// Entities are never expanded and no DTD is ever read: the parser gets the document with its DOCTYPE removed.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => ['ItemOut', 'Extrinsic', 'Credential', 'Email'].includes(name),
});

/** The standard `<!DOCTYPE cXML SYSTEM "…cXML.dtd">` with no internal subset: accepted, and never fetched. */
const STANDARD_DOCTYPE = /<!DOCTYPE\s+cXML\s+SYSTEM\s+"[^"<>[\]]*"\s*>/i;

/**
 * Reads an inbound cXML document. Anything that could make a parser expand or fetch (an entity declaration, any
 * DOCTYPE other than the standard line, an internal subset) is refused before parsing: 400, nothing read.
 */
export function parseCxml(body: string): Record<string, unknown> {
  if (/<!ENTITY/i.test(body))
    throw new CxmlError(400, 'Bad Request', 'Entity declarations are not accepted.');
  const withoutDoctype = body.replace(STANDARD_DOCTYPE, '');
  if (/<!DOCTYPE/i.test(withoutDoctype))
    throw new CxmlError(
      400,
      'Bad Request',
      'Only the standard cXML DOCTYPE is accepted (no internal subset).',
    );
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(withoutDoctype, true) as Record<string, unknown>;
  } catch (err) {
    throw new CxmlError(400, 'Bad Request', `Malformed XML: ${(err as Error).message.slice(0, 200)}`);
  }
  const cxml = doc.cXML;
  if (!cxml || typeof cxml !== 'object') throw new CxmlError(400, 'Bad Request', 'The document is not cXML.');
  return cxml as Record<string, unknown>;
}

/** A child element by path, or undefined (`at(doc, 'Header', 'From', 'Credential')`). */
export function at(node: unknown, ...path: (string | number)[]): unknown {
  let cur = node;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** XML's five predefined entities and character references, decoded in one pass (the parser expands none). */
const decode = (raw: string) =>
  raw.replace(/&(lt|gt|quot|apos|amp|#\d{1,7}|#x[\da-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** An element's text (its `#text` when it also has attributes), trimmed and decoded; '' when absent. */
export function text(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return decode(String(node).trim());
  if (node && typeof node === 'object' && '#text' in node)
    return decode(String((node as { '#text': unknown })['#text']).trim());
  return '';
}

export const attr = (node: unknown, name: string): string => text(at(node, `@${name}`));

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: false,
  suppressEmptyNode: true,
  processEntities: true,
});

/** A whole cXML document (escaped by the builder), with the standard prolog. */
export function buildCxml(content: Record<string, unknown>, payloadId = newPayloadId()): string {
  const xml = builder.build({
    cXML: {
      '@payloadID': payloadId,
      '@timestamp': new Date().toISOString(),
      '@xml:lang': 'en-US',
      ...content,
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${CXML_DOCTYPE}\n${xml}`;
}

export const newPayloadId = () => `${Date.now()}.${randomUUID()}@toolhouse`;

/** A cXML Response carrying only a Status. */
export function statusResponse(code: number, textOf: string, message: string): string {
  return buildCxml({
    Response: { Status: { '@code': String(code), '@text': textOf, '#text': message } },
  });
}
