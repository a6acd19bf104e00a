import { encode } from 'uqr';

/** A QR code of `text`, drawn as one SVG path (no markup from a string), named for screen readers. */
export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const { data, size: modules } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" style={{ background: 'white', flexShrink: 0 }}>
      <path d={path} fill="black" />
    </svg>
  );
}
