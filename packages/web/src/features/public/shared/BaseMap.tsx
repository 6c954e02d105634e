import { osmLink } from './base.ts';
import classes from './BaseMap.module.css';
import ui from './page.module.css';

export interface MapPlace {
  /** Position on a 600×400 drawing. */
  x: number;
  y: number;
  label: string;
  detail?: string;
}

/**
 * Our own schematic map (no third-party tiles): the Foggia base at the centre and the places
 * given, joined by lines, with a plain link to the base on OpenStreetMap as its caption.
 */
export function BaseMap({ base, places, title, osmText }: { base: MapPlace; places: MapPlace[]; title: string; osmText: string }) {
  return (
    <figure className={classes.figure}>
      <svg viewBox="0 0 600 400" className={classes.map} role="img" aria-label={title}>
        <rect width="600" height="400" fill="#e8f3fb" />
        {/* Adriatic coast and the Gargano promontory, simplified. */}
        <path d="M600 0 H380 C400 60 430 90 470 110 C520 120 560 150 600 170 Z" fill="#bfe0f6" />
        <path d="M250 0 C290 40 330 70 380 0 Z" fill="#bfe0f6" />
        <path d="M0 400 V330 C80 340 130 370 170 400 Z" fill="#bfe0f6" />
        {places.map((p) => (
          <g key={p.label}>
            <line x1={base.x} y1={base.y} x2={p.x} y2={p.y} stroke="#1f4c8f" strokeWidth="2" strokeDasharray="6 5" />
            <circle cx={p.x} cy={p.y} r="7" fill="#fff" stroke="#0d2b57" strokeWidth="3" />
            <text x={p.x} y={p.y - 14} textAnchor="middle" className={classes.label}>
              {p.label}
            </text>
            {p.detail && (
              <text x={p.x} y={p.y + 24} textAnchor="middle" className={classes.detail}>
                {p.detail}
              </text>
            )}
          </g>
        ))}
        <circle cx={base.x} cy={base.y} r="12" fill="#0d2b57" />
        <text x={base.x} y={base.y + 4.5} textAnchor="middle" className={classes.h}>
          H
        </text>
        <text x={base.x - 20} y={base.y + 5} textAnchor="end" className={classes.base}>
          {base.label}
        </text>
      </svg>
      <figcaption>
        <a href={osmLink} rel="noopener" className={ui.link}>
          {osmText}
        </a>
      </figcaption>
    </figure>
  );
}
