// jsdom ships no types (and @types/jsdom is not installed): the part of its API the tests use, on the DOM's own types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
