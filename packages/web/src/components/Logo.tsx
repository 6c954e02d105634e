/** Heliline mark (a helicopter in a sky disc) and wordmark, as inline SVG: no request, crisp at any size. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#1b8feb" />
      <circle cx="24" cy="24" r="22.5" fill="none" stroke="#ffffff" strokeOpacity=".35" />
      {/* main rotor */}
      <rect x="6" y="12" width="30" height="2.4" rx="1.2" fill="#ffffff" />
      <rect x="20.2" y="13.5" width="2.2" height="4.5" fill="#ffffff" />
      {/* cabin */}
      <path d="M11.5 26.5c0-5 3.9-8.8 9.3-8.8h3.6c3.4 0 5.6 2.6 5.6 5.8v3.3c0 1.5-1.2 2.7-2.7 2.7H14.2c-1.5 0-2.7-1.3-2.7-3z" fill="#0d2b57" />
      {/* window */}
      <path d="M14 24.2c.5-2.6 2.8-4.6 5.7-4.6h.8v4.6z" fill="#a0d1f7" />
      {/* tail boom and fin */}
      <path d="M29.5 21.6h7.8l3.1-4.2h2.2l-1 7.8h-2l-1-1.4h-9.1z" fill="#0d2b57" />
      <circle cx="40.6" cy="19.6" r="2.6" fill="none" stroke="#ffffff" strokeWidth="1.2" />
      {/* skids */}
      <path d="M15.5 29.7v3.1M25.5 29.7v3.1M11.5 33.6h18.6c1.1 0 2-.5 2.5-1.3" stroke="#0d2b57" strokeWidth="1.8" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const ink = inverted ? '#ffffff' : '#0d2b57';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <LogoMark />
      <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1 }}>
        <span style={{ fontWeight: 800, fontSize: 22, letterSpacing: '0.02em', color: ink }}>
          Heli<span style={{ color: inverted ? '#6eb8f2' : '#087bd1' }}>line</span>
        </span>
      </span>
    </span>
  );
}
