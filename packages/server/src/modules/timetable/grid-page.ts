import { dayjs, type Lang, MESSAGES, toWireDate } from '@heliline/domain';
import { escapeHtml } from '../../lib/html.ts';
import { BASE_CSS, type RenderedPage, renderEmbeddedPage } from '../content/embedded-page.ts';
import type { Segment, WeekGrid } from './service.ts';

const LOCALE: Record<Lang, string> = { it: 'it-IT', en: 'en-GB' };

const CSS =
  BASE_CSS +
  'body{padding:8px}.scroll{overflow-x:auto}' +
  'table{border-collapse:collapse;width:100%;min-width:760px;font-size:14px}' +
  'caption{text-align:left;font-size:18px;font-weight:700;color:#0b3d6b;padding:4px 0 12px}' +
  'th,td{border:1px solid #cbd2d9;padding:6px 8px;vertical-align:top;text-align:left}' +
  'thead th{background:#0b3d6b;color:#fff;font-weight:600}thead th span{display:block;font-weight:400;font-size:13px}' +
  'tbody th{background:#f0f4f8;white-space:nowrap}td.today{background:#fff6e0}thead th.today{background:#7a4a00}' +
  '.route{display:block;font-size:13px;color:#3e4c59}' +
  'ul{list-style:none;margin:0;padding:0}li+li{margin-top:4px}.none{color:#52606d}time{font-variant-numeric:tabular-nums;font-weight:600}' +
  '.cancelled time{text-decoration:line-through}.cancelled-label{display:block;color:#9b1c1c;font-size:13px}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}';

const segmentItem = (lang: Lang) => (s: Segment) =>
  `<li${s.cancelled ? ' class="cancelled"' : ''}><time>${escapeHtml(s.takeoff)}</time>–<time>${escapeHtml(s.landing)}</time>` +
  `<span class="route">${escapeHtml(s.source)} → ${escapeHtml(s.destination)}</span>` +
  (s.cancelled ? `<strong class="cancelled-label">${escapeHtml(MESSAGES.flightCancelledLabel[lang])}</strong>` : '') +
  `</li>`;

/** The week grid (Monday to Sunday × flights) as an accessible table, for the timetable iframe. */
export function renderWeekGrid(grid: WeekGrid, lang: Lang, today: string): RenderedPage {
  const m = (k: keyof typeof MESSAGES) => MESSAGES[k][lang];
  const weekday = new Intl.DateTimeFormat(LOCALE[lang], { weekday: 'long', timeZone: 'UTC' });
  const dayName = (iso: string) => {
    const name = weekday.format(dayjs.utc(iso).toDate());
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
  const title = `${m('timetableGridTitle')} ${toWireDate(grid.days[0]!)} – ${toWireDate(grid.days[6]!)}`;
  const todayClass = (d: string) => (d === today ? ' class="today"' : '');
  const head =
    `<tr><th scope="col">${escapeHtml(m('timetableFlight'))}</th>` +
    grid.days
      .map((d) => `<th scope="col"${todayClass(d)}${d === today ? ' aria-current="date"' : ''}>${escapeHtml(dayName(d))}<span>${toWireDate(d)}</span></th>`)
      .join('') +
    `</tr>`;
  const rows = grid.rows.length
    ? grid.rows
        .map(
          (r) =>
            `<tr><th scope="row">${escapeHtml(r.code)}</th>` +
            r.cells
              .map((cell, i) =>
                cell
                  ? `<td${todayClass(grid.days[i]!)}><ul>${cell.map(segmentItem(lang)).join('')}</ul></td>`
                  : `<td${todayClass(grid.days[i]!)}><span class="none" aria-hidden="true">—</span><span class="sr">${escapeHtml(m('timetableNoFlights'))}</span></td>`,
              )
              .join('') +
            `</tr>`,
        )
        .join('')
    : `<tr><td colspan="8">${escapeHtml(m('timetableNoFlights'))}</td></tr>`;
  // Named, so it is not a second unnamed main beside the embedding page's (axe landmark-unique).
  const body =
    `<main aria-label="${escapeHtml(title)}"><div class="scroll" role="region" aria-label="${escapeHtml(title)}" tabindex="0">` +
    `<table><caption>${escapeHtml(title)}</caption><thead>${head}</thead><tbody>${rows}</tbody></table></div></main>`;
  return renderEmbeddedPage({ lang, title, css: CSS, body });
}
