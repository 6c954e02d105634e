import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as real from 'react-router';
import { describe, expect, it } from 'vitest';
import * as lite from './index.tsx';

/** The same element rendered with React Router (in a memory router at `path`) and with router-lite. */
type Links = Pick<typeof lite, 'Link' | 'NavLink'>;
function both(path: string, element: (r: Links) => ReactNode): [string, string] {
  const router = real.createMemoryRouter([{ path: '*', element: element(real as unknown as Links) }], { initialEntries: [path] });
  const withRouter = renderToStaticMarkup(h(real.RouterProvider, { router }));
  const location = { pathname: path, search: '', hash: '', state: null, key: 'default' };
  const withLite = renderToStaticMarkup(h(lite.RouteProvider, { value: { location, params: {}, loaderData: undefined, outlet: null } }, element(lite)));
  return [withRouter, withLite];
}

describe('router-lite renders what React Router renders (the prerendered HTML it hydrates over)', () => {
  it('links', () => {
    const [withRouter, withLite] = both('/fares', (r) => h(r.Link, { to: '/en/fares', className: 'hl-button', 'aria-label': 'Fares' }, 'Tariffe'));
    expect(withLite).toBe(withRouter);
  });

  it.each([
    ['/company', '/company', false],
    ['/company/doa', '/company', false],
    ['/company/doa', '/company', true],
    ['/', '/', true],
    ['/fares', '/', false],
    ['/Company', '/company', true],
  ])('nav links on %s to %s (end: %s): class, aria-current and render props', (path, to, end) => {
    const [a, b] = both(path, (r) => h(r.NavLink, { to, end, className: 'link' }, 'x'));
    expect(b).toBe(a);
    const [c, d] = both(path, (r) => h(r.NavLink, { to, end, className: ({ isActive }) => (isActive ? 'on' : 'off'), children: ({ isActive }) => String(isActive) }));
    expect(d).toBe(c);
  });

  it('gives a route its params, loader data and outlet', () => {
    function Page() {
      return h('p', null, `${lite.useParams().section} ${lite.useLoaderData<string>()} ${lite.useLocation().pathname}`, h(lite.Outlet));
    }
    const location = { pathname: '/company/doa', search: '', hash: '', state: null, key: 'default' };
    const html = renderToStaticMarkup(
      h(lite.RouteProvider, { value: { location, params: { section: 'doa' }, loaderData: 'data', outlet: h('b', null, 'inner') } }, h(Page)),
    );
    expect(html).toBe('<p>doa data /company/doa<b>inner</b></p>');
  });
});
