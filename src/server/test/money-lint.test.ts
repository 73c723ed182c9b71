import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The money rule of eslint.config.js (docs/decisions/050-one-money-type.md), run through ESLint's own API on planted
 * code as if it were a file of the shop: only src/shared/common/money.ts may turn cents into dollars by hand.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const moneyErrors = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
};

const planted = [
  'export const a = (cents: number) => cents / 100;',
  'export const b = (dollars: number) => Math.round(dollars * 100);',
  'export const c = (dollars: number) => 100 * dollars;',
  'export const d = (cents: number) => 100 / cents;',
  'export const e = (cents: number) => { let x = cents; x /= 100; return x; };',
  'export const f = (dollars: number) => { let x = dollars; x *= 100; return x; };',
  'export const g = (dollars: number) => dollars.toFixed(2);',
].join('\n');

describe('the money lint rule', () => {
  it('flags every * 100, / 100 and toFixed(2) outside the money module, on the server and in the web app', async () => {
    expect(await moneyErrors(planted, 'src/server/features/orders/planted.ts')).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(await moneyErrors(planted, 'src/web/features/orders/components/planted.tsx')).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
  }, 60_000);

  it('leaves the money module itself, and other numbers, alone', async () => {
    expect(await moneyErrors(planted, 'src/shared/common/money.ts')).toEqual([]);
    const other = 'export const h = (n: number) => n / 1000 + n * 10 + (n + 100) + n.toFixed(1);\n';
    expect(await moneyErrors(other, 'src/server/features/orders/planted.ts')).toEqual([]);
  }, 60_000);
});
