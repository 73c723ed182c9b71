/**
 * A 24×24 line icon drawn from one path (Lucide's look: round 2px strokes), for the first page's few icons: the icon
 * library's runtime would cost the home page's 100 kB budget about a kilobyte gzip. Decorative: hidden from
 * assistive technology, so its button or message must carry the words.
 */
export const StrokeIcon = ({ d, className }: { d: string; className?: string }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    width={24}
    height={24}
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
  >
    <path d={d} />
  </svg>
);

/** Lucide's paths of the icons drawn with `StrokeIcon`. */
export const iconPaths = {
  menu: 'M4 5h16M4 12h16M4 19h16',
  close: 'M18 6 6 18M6 6l12 12',
  arrowDown: 'M12 5v14M19 12l-7 7-7-7',
  alert: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4M12 17h.01',
};
