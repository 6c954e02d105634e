import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import ui from './page.module.css';

/** A link to a PDF the server generates (/documents/{lang}/{slug}.pdf), marked as such. */
export function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} type="application/pdf" className={ui.docLink}>
      <IconFileTypePdf size={20} aria-hidden />
      <span>
        {children} <span className={ui.pdf}>(PDF)</span>
      </span>
    </a>
  );
}
