/** A small set of line icons (inline SVG: no icon font, nothing fetched). */
const PATHS = {
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  x: 'M6 6l12 12M18 6L6 18',
  plus: 'M12 5v14M5 12h14',
  trash: 'M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12',
  pause: 'M9 6v12M15 6v12',
  play: 'M8 5.5v13l10-6.5z',
  download: 'M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14',
  upload: 'M12 16V5M7.5 9.5L12 5l4.5 4.5M5 19h14',
  sun: 'M12 8a4 4 0 100 8 4 4 0 000-8zM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4',
  moon: 'M19 14.5A7.5 7.5 0 019.5 5a7.5 7.5 0 109.5 9.5z',
  monitor: 'M4 5h16v11H4zM9 20h6M12 16v4',
  help: 'M9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.2M12 17h.01M12 3a9 9 0 100 18 9 9 0 000-18z',
  alert: 'M12 4l9 16H3zM12 10v4.5M12 17.5h.01',
  key: 'M14.5 9.5a3.5 3.5 0 11-7 0 3.5 3.5 0 017 0zM13.5 12l6 6M17 15.5l1.5-1.5M19.5 18l1-1',
  search: 'M11 5a6 6 0 100 12 6 6 0 000-12zM20 20l-4.5-4.5',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4.5 20a7.5 7.5 0 0115 0',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  token: 'M4 7h16v10H4zM8 11h.01M12 11h4M8 14h8',
  settings:
    'M12 9a3 3 0 100 6 3 3 0 000-6zM19 12l2-1-1.5-3.5-2.2.5-1.3-1.3.5-2.2L13 3l-1 2h-0l-1-2-3.5 1.5.5 2.2L6.7 8 4.5 7.5 3 11l2 1-2 1 1.5 3.5 2.2-.5 1.3 1.3-.5 2.2L11 21l1-2 1 2 3.5-1.5-.5-2.2 1.3-1.3 2.2.5L21 13z',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  dot: 'M12 10a2 2 0 100 4 2 2 0 000-4z',
  pin: 'M9 3h6l-1 6 3 3H7l3-3zM12 12v9',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
  filter: 'M4 5h16l-6 7.5V19l-4-2v-4.5z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 14,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
