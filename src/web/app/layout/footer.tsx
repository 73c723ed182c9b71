import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { shopInfo } from '@/lib/shop-info';

// Footer links /dashboard/my-profile, /dashboard/checkout and /blog, which are not routes:
// they point at the pages a customer means by them (docs/deviations.md).
const accountLinks = [
  { to: paths.login, label: 'Login' },
  { to: paths.register, label: 'Register' },
  { to: paths.dashboard, label: 'My Profile' },
  { to: paths.myOrders, label: 'Checkout' },
  { to: paths.news, label: 'Blog' },
];

// Icons are static files (cached, and kept out of the first page's JavaScript).
const social = [
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: 'facebook' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: 'linkedin' },
  { href: 'https://www.youtube.com/', label: 'YouTube', icon: 'youtube' },
  { href: 'https://x.com/', label: 'X (Twitter)', icon: 'x' },
];

/** The accepted card brands, each with an accessible name. */
const cards = [
  { icon: 'mastercard', label: 'Mastercard' },
  { icon: 'visa', label: 'Visa' },
  { icon: 'amex', label: 'American Express' },
];

const Heading = ({ id, children }: { id?: string; children: ReactNode }) => (
  <h2 id={id} className="mb-3 text-lg font-bold">
    {children}
  </h2>
);

interface IconProps {
  name: string;
  alt: string;
  width: number;
  height: number;
  className: string;
}

/** One of the static icons in /icons, loaded when the footer scrolls near. */
const Icon = ({ name, ...props }: IconProps) => <img src={`/icons/${name}.svg`} loading="lazy" {...props} />;

export function Footer() {
  const shop = shopInfo();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <Heading id="footer-about">{shop.name}</Heading>
          <p className="text-sm text-neutral-content/80">
            Industrial tools and air compressors for workshops, fleets and job sites. Bulk orders welcome.
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <Heading id="footer-contact">Contact</Heading>
          <address className="space-y-2 text-sm not-italic">
            <p>
              <span className="font-semibold">Phone: </span>
              <a className="link link-hover" href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`}>
                {shop.phone}
              </a>
            </p>
            <p>
              <span className="font-semibold">Email: </span>
              <a className="link link-hover" href={`mailto:${shop.email}`}>
                {shop.email}
              </a>
            </p>
            <p>
              <span className="font-semibold">Address: </span>
              <span>{shop.address}</span>
            </p>
          </address>
        </section>
        <nav aria-labelledby="footer-account">
          <Heading id="footer-account">Account</Heading>
          <ul className="space-y-2 text-sm">
            {accountLinks.map((l) => (
              <li key={l.label}>
                <Link className="link link-hover" to={l.to}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-pay" className="space-y-6">
          <div>
            <Heading id="footer-pay">We accept</Heading>
            <ul className="flex gap-2" aria-label="Accepted cards">
              {cards.map((c) => (
                <li key={c.icon}>
                  <Icon name={c.icon} alt={c.label} width={48} height={32} className="h-8 w-12" />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <Heading>Follow us</Heading>
            <ul className="flex gap-3">
              {social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    className="btn btn-circle btn-sm btn-ghost"
                    aria-label={s.label}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    <Icon name={s.icon} alt="" width={20} height={20} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </div>
      <p className="border-t border-neutral-content/15 py-4 text-center text-sm text-neutral-content/80">
        © {new Date().getFullYear()} {shop.name}. All rights reserved.
      </p>
    </footer>
  );
}
