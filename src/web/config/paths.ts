/** Every URL of the web app, in one place (SPEC §2); the dashboard's own are in account-paths.ts. */
export const paths = {
  home: '/',
  products: '/our-products',
  myBlog: '/my-blog',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  passwordReset: '/password-reset',
  news: '/blog',
  newsItem: (id: string) => `/blog/${id}`,
  product: (id: string) => `/product/${id}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/my-orders',
} as const;
