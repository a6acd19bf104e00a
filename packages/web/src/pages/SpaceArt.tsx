import { useT } from '../i18n/LanguageProvider';
/** Stars of the picture: [x, y, radius, opacity]. */
const STARS: readonly (readonly [number, number, number, number])[] = [
  [30, 40, 1.6, 0.9], [82, 118, 1, 0.6], [140, 26, 1.3, 0.8], [205, 72, 0.9, 0.5], [262, 30, 1.7, 1],
  [318, 96, 1, 0.7], [372, 44, 1.2, 0.8], [54, 196, 1.1, 0.6], [108, 250, 1.6, 0.9], [34, 292, 0.9, 0.5],
  [388, 188, 1.5, 0.9], [352, 262, 1, 0.6], [286, 290, 1.3, 0.7], [170, 300, 0.9, 0.5], [236, 150, 0.8, 0.4],
];

/** The 404 picture: a ringed planet, stars, a small rocket and its moon. Pure SVG, no assets. */
export function SpaceArt({ width = 420 }: { width?: number }) {
  const t = useT();
  return (
    <svg viewBox="0 0 420 320" width={width} role="img" aria-label={t('shell.notFound.picture')}>
      <defs>
        <radialGradient id="sky" cx="50%" cy="40%" r="75%">
          <stop offset="0%" stopColor="#243b6b" />
          <stop offset="100%" stopColor="#0b1228" />
        </radialGradient>
        <linearGradient id="planet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ffb86b" />
          <stop offset="100%" stopColor="#e0525d" />
        </linearGradient>
        <linearGradient id="flame" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#ffe066" />
          <stop offset="100%" stopColor="#ff6b3d" stopOpacity="0" />
        </linearGradient>
        <clipPath id="planet-clip">
          <circle cx="150" cy="190" r="70" />
        </clipPath>
      </defs>
      <rect width="420" height="320" rx="24" fill="url(#sky)" />
      {STARS.map(([x, y, r, o]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#fff" opacity={o} />
      ))}
      <path d="M330 60 l3 8 l8 3 l-8 3 l-3 8 l-3 -8 l-8 -3 l8 -3 z" fill="#fff6cc" />
      {/* ring behind the planet */}
      <ellipse cx="150" cy="190" rx="118" ry="26" fill="none" stroke="#ffd8a8" strokeWidth="7" opacity="0.5" transform="rotate(-14 150 190)" />
      <circle cx="150" cy="190" r="70" fill="url(#planet)" />
      <g clipPath="url(#planet-clip)" opacity="0.35">
        <path d="M70 170 q80 -22 160 6" stroke="#fff" strokeWidth="9" fill="none" />
        <path d="M70 210 q80 -18 160 8" stroke="#8c2f39" strokeWidth="12" fill="none" />
        <circle cx="180" cy="150" r="9" fill="#8c2f39" />
        <circle cx="120" cy="232" r="6" fill="#8c2f39" />
      </g>
      {/* ring in front of the planet */}
      <path d="M32 190 A118 26 0 0 0 268 190" fill="none" stroke="#ffd8a8" strokeWidth="7" transform="rotate(-14 150 190)" opacity="0.9" />
      {/* moon */}
      <circle cx="362" cy="196" r="16" fill="#ced4da" />
      <circle cx="356" cy="191" r="4" fill="#adb5bd" />
      <circle cx="367" cy="202" r="3" fill="#adb5bd" />
      {/* rocket */}
      <g transform="translate(300 120) rotate(40)">
        <path d="M-7 28 q7 30 14 0 z" fill="url(#flame)" />
        <path d="M0 -34 c14 12 16 36 10 58 h-20 c-6 -22 -4 -46 10 -58 z" fill="#f1f3f5" />
        <path d="M-10 10 l-10 16 l10 -2 z M10 10 l10 16 l-10 -2 z" fill="#4dabf7" />
        <circle cx="0" cy="-6" r="6" fill="#4dabf7" stroke="#1c7ed6" strokeWidth="2" />
        <path d="M-6 -26 q6 -6 12 0" stroke="#e0525d" strokeWidth="4" fill="none" />
      </g>
      <text x="390" y="300" textAnchor="end" fill="#fff" opacity="0.18" fontSize="64" fontWeight="800" fontFamily="sans-serif">404</text>
    </svg>
  );
}
