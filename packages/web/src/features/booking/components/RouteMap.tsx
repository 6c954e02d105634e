import { PLACE_IDS } from '@heliline/domain/places';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RouteMap.module.css';

/**
 * An inline map of the Gargano coast (rough equirectangular projection of 15.3–16.3 °E,
 * 41.35–42.2 °N) with the four heliports; the leg between the selected origin and destination
 * is drawn on top. Both place ids of Foggia map to the same dot.
 */
type Node = 'foggia' | 'tremiti' | 'vieste' | 'peschici';

const NODES: Record<Node, { x: number; y: number; label: string; labelDx: number; labelDy: number; anchor: 'start' | 'end' | 'middle' }> = {
  foggia: { x: 100, y: 296, label: 'Foggia', labelDx: 0, labelDy: 24, anchor: 'middle' },
  tremiti: { x: 84, y: 36, label: 'Tremiti', labelDx: 16, labelDy: 5, anchor: 'start' },
  vieste: { x: 356, y: 132, label: 'Vieste', labelDx: -6, labelDy: 26, anchor: 'end' },
  peschici: { x: 290, y: 106, label: 'Peschici', labelDx: 0, labelDy: -14, anchor: 'middle' },
};

const NODE_OF_PLACE: Record<number, Node> = {
  [PLACE_IDS.foggiaDeparture]: 'foggia',
  [PLACE_IDS.foggiaArrival]: 'foggia',
  [PLACE_IDS.tremiti]: 'tremiti',
  [PLACE_IDS.vieste]: 'vieste',
  [PLACE_IDS.peschici]: 'peschici',
};

/** Land of the promontory and the Tavoliere plain; the sea is the background. */
const LAND =
  'M0,150 L22,132 L70,124 L120,120 L170,114 L232,110 L262,104 L290,98 L318,102 L340,112 L366,130 L352,150 L330,168 L304,196 L276,214 L250,228 L270,252 L300,282 L330,318 L352,346 L0,346 Z';
const LAKES = ['M40,136 Q70,130 96,136 Q70,142 40,136 Z', 'M120,126 Q160,120 196,124 Q160,132 120,126 Z'];

/** A gentle arc between two points, so a leg never hides a coastline. */
function arc(a: { x: number; y: number }, b: { x: number; y: number }): string {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return `M${a.x},${a.y} Q${mx - dy * 0.18},${my + dx * 0.18} ${b.x},${b.y}`;
}

export function RouteMap({
  originId,
  destinationId,
  originName,
  destinationName,
}: {
  originId: number | null;
  destinationId: number | null;
  originName?: string;
  destinationName?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const from = originId != null ? NODE_OF_PLACE[originId] : undefined;
  const to = destinationId != null ? NODE_OF_PLACE[destinationId] : undefined;
  const leg = from && to && from !== to ? arc(NODES[from], NODES[to]) : null;
  const desc = leg && originName && destinationName ? t('wizard.map.route', { origin: originName, destination: destinationName }) : t('wizard.map.noRoute');

  return (
    <svg className={classes.map} viewBox="0 0 400 346" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <title id={`${id}-t`}>{t('wizard.map.title')}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      <rect width="400" height="346" className={classes.sea} />
      <path d={LAND} className={classes.land} />
      {LAKES.map((d) => (
        <path key={d} d={d} className={classes.sea} />
      ))}
      {/* The Tremiti archipelago: San Domino, San Nicola, Capraia. */}
      <ellipse cx="78" cy="40" rx="9" ry="5" className={classes.land} />
      <ellipse cx="91" cy="33" rx="4" ry="2.5" className={classes.land} />
      <ellipse cx="96" cy="27" rx="5" ry="3" className={classes.land} />
      <text x="196" y="60" className={classes.seaLabel}>
        {t('wizard.map.sea')}
      </text>
      <text x="200" y="160" className={classes.areaLabel}>
        Gargano
      </text>
      {leg && <path d={leg} className={classes.leg} />}
      {(Object.keys(NODES) as Node[]).map((n) => {
        const node = NODES[n];
        const active = n === from || n === to;
        return (
          <g key={n}>
            <circle cx={node.x} cy={node.y} r={active ? 7 : 5} className={active ? classes.dotActive : classes.dot} />
            <text x={node.x + node.labelDx} y={node.y + node.labelDy} textAnchor={node.anchor} className={active ? classes.labelActive : classes.label}>
              {node.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
