const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Dollars with cents: 1249.5 → "$1,249.50". */
export const formatPrice = (dollars: number) => usd.format(dollars);
export const formatCount = (n: number) => count.format(n);
export const formatDate = (iso: string) => date.format(new Date(iso));
