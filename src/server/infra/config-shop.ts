import { z } from 'zod';

const text = (fallback: string) => z.string().trim().min(1).max(200).default(fallback);

/** The shop's own details: the footer and mails show them, and every invoice prints them as they were when issued. */
export const shopEnvShape = {
  SHOP_NAME: text('Toolhouse'),
  SHOP_PHONE: text('+1 (555) 010-0199'),
  SHOP_EMAIL: text('sales@toolhouse.example'),
  SHOP_ADDRESS: text('100 Foundry Road, Springfield, IL 62701, USA'),
  /** The tax or company registration line printed on invoices and credit notes, as written. */
  SHOP_TAX_ID: text('EIN 00-0000000'),
};

export interface ShopDetails {
  name: string;
  phone: string;
  email: string;
  address: string;
  taxId: string;
}

type ShopEnv = z.output<z.ZodObject<typeof shopEnvShape>>;

export const shopSettings = (e: ShopEnv): ShopDetails => ({
  name: e.SHOP_NAME,
  phone: e.SHOP_PHONE,
  email: e.SHOP_EMAIL,
  address: e.SHOP_ADDRESS,
  taxId: e.SHOP_TAX_ID,
});
